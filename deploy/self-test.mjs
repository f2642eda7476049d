// The manifest checks' self-test: each known-bad mutation of a good set of manifests must be
// rejected by the check, and a mutation named "(schema)" by the schema part of it. Prints a
// line a mutation; returns how many were caught, or -1 when any was not.
//   mutations: [name, (view) => void] pairs, each changing the view of a deep copy;
//   view(copy): the parts a mutation changes (documents, containers, helpers);
//   check(copy): the problems of a set of manifests, the schema's first.
export function selfTest(docs, mutations, view, check) {
  let caught = 0;
  const missed = [];
  for (const [name, mutate] of mutations) {
    const copy = JSON.parse(JSON.stringify(docs));
    mutate(view(copy));
    const problems = check(copy);
    if (name.includes("(schema)") && !(problems[0] || "").includes("schema:")) {
      missed.push(`${name} [not by the schema: ${problems[0] || "accepted"}]`);
    } else if (problems.length) {
      caught++;
      console.log(`k8s-check:   mutation "${name}": rejected (${problems[0]})`);
    } else {
      missed.push(name);
    }
  }
  for (const name of missed) console.log(`k8s-check:   mutation "${name}": NOT rejected`);
  return missed.length === 0 ? caught : -1;
}
