// The `cortex-team` bin (bundled to dist/cli.js by esbuild, with a shebang). `hook`,
// which agent CLIs run and wait for at every turn, goes to its own bundle
// (dist/hook.js) before any other verb's code is loaded; every other verb runs here.
if (process.argv[2] === 'hook') require('./hook-main');
else require('./cli-main');
