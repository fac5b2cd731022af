/**
 * Budget (issue: foundation): the login route's JavaScript, gzipped, under 120 KB, with no staff
 * module code in it. Builds the client, then sums the chunks /login needs.
 * Run: npx tsx bench/loginBundle.bench.ts
 */
import { build } from 'vite';
import { chunksFor, gzippedSize, kilobytes, readManifest } from './bundle';

const BUDGET = 120 * 1024;

await build({ logLevel: 'warn' });
const manifest = readManifest();
const chunks = chunksFor(manifest, ['src/client/app/StaffLayout.tsx', 'src/client/views/auth/LoginView.tsx']);
const size = gzippedSize(manifest, chunks);
const files = [...chunks].map((key) => manifest[key].file);
const staffCode = [...chunks].filter((key) =>
  /views\/(resources|dashboard|qa|refund)|StaffArea|StaffShell|mermaid/.test(key + manifest[key].file),
);

console.log(`login route: ${files.length} chunks, ${kilobytes(size)} gzipped (budget ${kilobytes(BUDGET)})`);
for (const file of files) console.log(`  ${file}`);
console.log(`staff module chunks in it: ${staffCode.length ? staffCode.join(', ') : 'none'}`);
const apiChunk = Object.keys(manifest).find((key) => /^_auth-/.test(key));
const onSubmit = apiChunk ? [...chunksFor(manifest, [apiChunk])].filter((key) => !chunks.has(key)) : [];
console.log(
  `loaded when the user signs in (HTTP client, zod/mini): ${kilobytes(gzippedSize(manifest, onSubmit))} gzipped`,
);

// Issue 42 (second part): the refund portal's /refund first load (the entry plus RefundArea and
// what it imports); the Portuguese and English catalogues are lazy chunks loaded when chosen.
const refundChunks = chunksFor(manifest, ['src/client/app/RefundArea.tsx']);
console.log(
  `/refund first load: ${refundChunks.size} chunks, ${kilobytes(gzippedSize(manifest, refundChunks))} gzipped`,
);
for (const language of ['pt', 'en']) {
  const key = `src/contracts/i18n/${language}.ts`;
  if (manifest[key])
    console.log(
      `  ${language} catalogue, loaded when chosen: ${kilobytes(gzippedSize(manifest, [key]))} gzipped`,
    );
}
if (size > BUDGET || staffCode.length) process.exit(1);
