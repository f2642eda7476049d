# Turns files into C arrays at build time. Two modes:
#   cmake -DINPUT=f -DOUTPUT=f.c -DNAME=sym [-DETAG=ON] -P embed.cmake
#     one file as `const char sym[]` and `const size_t sym_len` (openapi.yaml, the page), and
#     with ETAG its entity tag as `const char sym_etag[]`;
#   cmake -DDIR=d -DFILES=a.js,b.css -DOUTPUT=f.c -DTABLE=sym -DHEADER=h -P embed.cmake
#     the files d/a.js, d/b.css, ... as one table `const rhd_web_file sym[]` of
#     {name, content type, bytes, length, entity tag} (the type is declared in the header h),
#     and `const size_t sym_count`. The content type follows the name's extension.
# An entity tag is the first 16 hex digits of the bytes' SHA-256, quoted: a file that changes
# gets a new one, an unchanged one keeps it across builds and versions.
function(hex_bytes path out_bytes out_length)
  file(READ "${path}" hex HEX)
  string(LENGTH "${hex}" hex_length)
  math(EXPR length "${hex_length} / 2")
  string(REGEX REPLACE "([0-9a-f][0-9a-f])" "0x\\1," bytes "${hex}")
  set(${out_bytes} "${bytes}" PARENT_SCOPE)
  set(${out_length} ${length} PARENT_SCOPE)
endfunction()

function(entity_tag path out)
  file(SHA256 "${path}" sum)
  string(SUBSTRING "${sum}" 0 16 sum)
  set(${out} "\\\"${sum}\\\"" PARENT_SCOPE)
endfunction()

if(NOT DEFINED TABLE)
  hex_bytes("${INPUT}" bytes length)
  file(WRITE "${OUTPUT}"
    "/* Generated from ${INPUT} at build time; do not edit. */\n#include <stddef.h>\n"
    "const char ${NAME}[] = {${bytes}0x00};\nconst size_t ${NAME}_len = ${length};\n")
  if(ETAG)
    entity_tag("${INPUT}" tag)
    file(APPEND "${OUTPUT}" "const char ${NAME}_etag[] = \"${tag}\";\n")
  endif()
  return()
endif()

string(REPLACE "," ";" files "${FILES}")
set(arrays "")
set(rows "")
set(index 0)
foreach(name IN LISTS files)
  if(name MATCHES "\\.js$")
    set(type "text/javascript; charset=utf-8")
  elseif(name MATCHES "\\.css$")
    set(type "text/css; charset=utf-8")
  else()
    message(FATAL_ERROR "embed.cmake: no content type for ${name}")
  endif()
  hex_bytes("${DIR}/${name}" bytes length)
  entity_tag("${DIR}/${name}" tag)
  string(APPEND arrays "static const char file_${index}[] = {${bytes}0x00};\n")
  string(APPEND rows "    {\"${name}\", \"${type}\", file_${index}, ${length}, \"${tag}\"},\n")
  math(EXPR index "${index} + 1")
endforeach()
file(WRITE "${OUTPUT}"
  "/* Generated from ${DIR} (${FILES}) at build time; do not edit. */\n"
  "#include \"${HEADER}\"\n${arrays}"
  "const rhd_web_file ${TABLE}[] = {\n${rows}};\nconst size_t ${TABLE}_count = ${index};\n")
