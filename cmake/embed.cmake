# Turns a file into a C array definition: cmake -DINPUT=f -DOUTPUT=f.c -DNAME=sym -P embed.cmake
file(READ "${INPUT}" hex HEX)
string(LENGTH "${hex}" hex_length)
math(EXPR length "${hex_length} / 2")
string(REGEX REPLACE "([0-9a-f][0-9a-f])" "0x\\1," bytes "${hex}")
file(WRITE "${OUTPUT}"
  "/* Generated from ${INPUT} at build time; do not edit. */\n#include <stddef.h>\n"
  "const char ${NAME}[] = {${bytes}0x00};\nconst size_t ${NAME}_len = ${length};\n")
