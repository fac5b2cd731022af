/**
 * `NODE_OPTIONS=--require <this file>` with CPU_PROFILE_DIR set: the process (and every node
 * process it starts with the same environment, such as the heavy-work child) records a V8 CPU
 * profile from its start and writes it to CPU_PROFILE_DIR/<pid>.cpuprofile when it exits
 * (Node 20 refuses `--cpu-prof` in NODE_OPTIONS). Read with `npx tsx bench/cpuProfileTop.ts`.
 */
const { Session } = require('node:inspector');
const { writeFileSync } = require('node:fs');
const path = require('node:path');

const directory = process.env.CPU_PROFILE_DIR;
if (directory) {
  const session = new Session();
  session.connect();
  session.post('Profiler.enable');
  session.post('Profiler.setSamplingInterval', { interval: 1000 });
  session.post('Profiler.start');
  let written = false;
  const write = () => {
    if (written) return;
    written = true;
    // A session on the main thread answers synchronously: the profile is written before exit.
    session.post('Profiler.stop', (error, result) => {
      if (!error)
        writeFileSync(path.join(directory, `${process.pid}.cpuprofile`), JSON.stringify(result.profile));
    });
  };
  process.on('exit', write);
  process.on('SIGTERM', () => {
    write();
    process.exit(143);
  });
}
