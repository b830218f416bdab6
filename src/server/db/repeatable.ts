import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * Database functions are rules, so they live with the feature that owns them
 * (`features/<f>/sql/<name>.sql`, each a `CREATE OR REPLACE`), not in a migration. Every boot applies
 * them after the migrations, under the same lock, in file-name order within a feature and feature-name
 * order across features; a changed rule is one edited file.
 */
const FEATURES_FOLDER = path.join(import.meta.dirname, '..', 'features');

export function repeatableSql(root = FEATURES_FOLDER): { file: string; text: string }[] {
  const files: string[] = [];
  for (const feature of readdirSync(root, { withFileTypes: true }).filter((d) => d.isDirectory())) {
    const folder = path.join(root, feature.name, 'sql');
    let names: string[];
    try {
      names = readdirSync(folder).filter((name) => name.endsWith('.sql'));
    } catch {
      continue;
    }
    for (const name of names.sort()) files.push(path.join(folder, name));
  }
  return files.sort().map((file) => ({ file: path.relative(root, file), text: readFileSync(file, 'utf8') }));
}
