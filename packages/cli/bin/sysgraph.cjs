#!/usr/bin/env node
// The sysgraph command without the ES module loader: the package's `bin`. With a fresh bundle it runs it from its
// V8 code cache as sysgraph.mjs does (launch.cjs), without initialising Node's ES module loader for an `.mjs` entry
// (≈ 5–10 ms of every run on the shared machine); a stale or missing bundle is left to sysgraph.mjs, which builds
// it (esbuild) or runs the sources through tsx. `node packages/cli/bin/sysgraph.mjs …` runs the same command.
'use strict';
const launch = require('./launch.cjs');

if (launch.bundleIsFresh()) launch.runBundle();
else import('./sysgraph.mjs');
