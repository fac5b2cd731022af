/**
 * `npm run dev`: the API server restarting on change (tsx watch, no client build) and Vite's
 * dev server with hot reload, proxying /api, /images and /files to it.
 */
import { spawn } from 'node:child_process';

const apiPort = process.env.PORT ?? '3000';
const children = [
  spawn('npx', ['tsx', 'watch', '--clear-screen=false', 'src/server/main.ts'], {
    stdio: 'inherit',
    env: { ...process.env, PORT: apiPort, SKIP_CLIENT_BUILD: 'true' },
  }),
  spawn('npx', ['vite', '--port', '5173'], {
    stdio: 'inherit',
    env: { ...process.env, API_TARGET: `http://127.0.0.1:${apiPort}` },
  }),
];
const stop = () => {
  for (const child of children) child.kill('SIGTERM');
  process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const child of children) child.on('exit', (code) => code && stop());
