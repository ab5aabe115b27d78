#!/usr/bin/env node
/**
 * A git merge driver for the flat message files in `locales/` (`.gitattributes`): a three-way
 * merge by message id, so two branches that each add their own ids never conflict. An id both
 * sides changed to different texts is a real conflict: the driver keeps ours, names the id and
 * exits 1 so git reports the file as conflicted.
 *
 * Enable once per clone:
 *   git config merge.localejson.driver "node scripts/git/merge-locale.mjs %O %A %B"
 */
import fs from 'node:fs';

const [basePath, oursPath, theirsPath] = process.argv.slice(2);
const read = (p) => {
  try {
    return JSON.parse(fs.readFileSync(p, 'utf8'));
  } catch {
    return {};
  }
};
const base = read(basePath);
const ours = read(oursPath);
const theirs = read(theirsPath);

const result = { ...ours };
const conflicts = [];
for (const [id, text] of Object.entries(theirs)) {
  if (!(id in base)) {
    if (id in ours && ours[id] !== text) conflicts.push(id);
    else result[id] = text;
  } else if (base[id] !== text) {
    if (ours[id] === base[id]) result[id] = text;
    else if (ours[id] !== text) conflicts.push(id);
  }
}
for (const id of Object.keys(base)) {
  // Removed on their side and untouched on ours: remove.
  if (!(id in theirs) && ours[id] === base[id]) delete result[id];
}
fs.writeFileSync(oursPath, `${JSON.stringify(result, null, 2)}\n`);
if (conflicts.length) {
  console.error(`locale ids changed differently on both sides: ${conflicts.join(', ')}`);
  process.exit(1);
}
