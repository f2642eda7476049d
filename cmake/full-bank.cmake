# Builds the served bank from the shipped data (cmake -P; docs/bank.md, "The shipped data"):
# checks the archive's SHA-256 against the one checked in beside it, unpacks its column files
# and loads them with `rushhour bank load`, which counts them against the published table
# before it keeps anything. Inputs: CLI, ARCHIVE, SHA256 (a `sha256sum` line), TABLE, WORK
# (a scratch folder, removed after), OUTPUT.
file(SHA256 "${ARCHIVE}" actual)
file(STRINGS "${SHA256}" line LIMIT_COUNT 1)
string(REGEX MATCH "^[0-9a-f]+" expected "${line}")
if(NOT actual STREQUAL expected)
  message(FATAL_ERROR "${ARCHIVE}: SHA-256 ${actual}, but ${SHA256} says ${expected}")
endif()
file(REMOVE_RECURSE "${WORK}")
file(ARCHIVE_EXTRACT INPUT "${ARCHIVE}" DESTINATION "${WORK}")
execute_process(COMMAND "${CLI}" bank load "${WORK}" "${TABLE}" "${OUTPUT}" RESULT_VARIABLE rc)
file(REMOVE_RECURSE "${WORK}")
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "rushhour bank load failed (${rc}): ${OUTPUT} not built")
endif()
