# Builds the served bank from the shipped data (cmake -P; docs/bank.md, "The shipped data"): for
# each part, checks its archive's SHA-256 against the one checked in beside it and unpacks its
# column files; then loads them all with `rushhour bank load`, which counts each part against
# its published table before it keeps anything. Inputs: CLI, PARTS (data prefixes joined by
# `|`: PREFIX.tar.xz, PREFIX.sha256, PREFIX.counts; the first part's meta is the bank's), WORK
# (a scratch folder, removed after), OUTPUT.
string(REPLACE "|" ";" parts "${PARTS}")
file(REMOVE_RECURSE "${WORK}")
set(args)
set(index 0)
foreach(part IN LISTS parts)
  file(SHA256 "${part}.tar.xz" actual)
  file(STRINGS "${part}.sha256" line LIMIT_COUNT 1)
  string(REGEX MATCH "^[0-9a-f]+" expected "${line}")
  if(NOT actual STREQUAL expected)
    message(FATAL_ERROR "${part}.tar.xz: SHA-256 ${actual}, but ${part}.sha256 says ${expected}")
  endif()
  file(ARCHIVE_EXTRACT INPUT "${part}.tar.xz" DESTINATION "${WORK}/${index}")
  list(APPEND args "${WORK}/${index}" "${part}.counts")
  math(EXPR index "${index} + 1")
endforeach()
execute_process(COMMAND "${CLI}" bank load ${args} "${OUTPUT}" RESULT_VARIABLE rc)
file(REMOVE_RECURSE "${WORK}")
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "rushhour bank load failed (${rc}): ${OUTPUT} not built")
endif()
