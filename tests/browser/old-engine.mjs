#!/usr/bin/env node
// An engine from before list_catalog and svg_diff, for the page's
// fallbacks: runs $QUARTET (or bin/quartet beside the tests) with the same
// arguments, renames those two commands so that the engine itself answers
// "? unknown command" in its turn, and leaves them out of list_commands.
// QUARTET_HIDE=NAME[,NAME] hides those commands instead (set_game: an
// engine the page cannot set up).

import { spawn } from 'node:child_process';
import path from 'node:path';
import readline from 'node:readline';

const here = path.dirname(new URL(import.meta.url).pathname);
const engine = process.env.QUARTET_REAL || path.join(here, '../../bin/quartet');
const child = spawn(engine, process.argv.slice(2), { stdio: ['pipe', 'pipe', 'inherit'] });
const names = (process.env.QUARTET_HIDE || 'list_catalog,svg_diff').split(',').filter((n) => /^\w+$/.test(n));
const hidden = new RegExp(`^(\\d*\\s*)(${names.join('|')})\\b`);

readline.createInterface({ input: process.stdin }).on('line', (line) => {
  child.stdin.write(line.replace(hidden, '$1$2_unknown') + '\n');
}).on('close', () => child.stdin.end());
readline.createInterface({ input: child.stdout }).on('line', (line) => {
  if (!names.includes(line)) process.stdout.write(line + '\n');
});
child.on('exit', (code) => process.exit(code ?? 1));
