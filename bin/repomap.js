#!/usr/bin/env node
// The command line: src/cli/main.ts, bundled into dist/cli/ by `npm run build`.
import { main } from '../dist/cli/main.js';

await main();
