// The yardstick of `cortex-team status` as a process (npm run bench): a fresh node
// process that only lists a folder and reads every file in it, 32 reads in flight,
// through the same primitive the CLI uses (callback fs.readFile), and decodes nothing.
// Usage: node bench/read-files.js DIR   (prints the number of bytes read)
'use strict';
const fs = require('fs');
const path = require('path');

const files = [];
(function walk(dir) {
  for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) walk(p);
    else files.push(p);
  }
})(process.argv[2]);

let bytes = 0;
let next = 0;
const worker = () =>
  new Promise((resolve, reject) => {
    const go = () => {
      if (next >= files.length) return resolve();
      fs.readFile(files[next++], (e, data) => {
        if (e) return reject(e);
        bytes += data.length;
        go();
      });
    };
    go();
  });
Promise.all(Array.from({ length: 32 }, worker)).then(() => process.stdout.write(`${bytes}\n`));
