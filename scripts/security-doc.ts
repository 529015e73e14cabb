import fs from 'node:fs';
import path from 'node:path';
import { renderSecurityDoc, securityDocPath } from '../src/server/security/security-doc.ts';

// Regenerates the authorisation matrix table in docs/security.md from its data.
fs.writeFileSync(
  securityDocPath,
  await renderSecurityDoc(fs.readFileSync(securityDocPath, 'utf8')),
);
console.log(`Wrote the matrix into ${path.relative(process.cwd(), securityDocPath)}`);
