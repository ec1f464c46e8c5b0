/**
 * Makes the installed app's PNG icons in public/icons/ from the flame of public/favicon.svg, with
 * sharp. Run it again after changing the flame or the colours (`node apps/web/scripts/generate-app-icons.mjs`)
 * and commit the PNGs: the build only copies them, so building needs neither sharp nor this script.
 *
 * - icon-192.png, icon-512.png ("any"): a white flame on a red rounded square;
 * - maskable-512.png: the same on a full red square, the flame inside the central 60%, since a
 *   launcher may cut the icon to a circle or a squircle (the safe zone is the central 80%);
 * - badge-96.png: the flame alone, white on transparent, for the status bar of a push (Android
 *   uses only its alpha channel).
 */
import { mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';

const webDir = path.resolve(import.meta.dirname, '..');
const outputDir = path.join(webDir, 'public/icons');
/** The app's red (Mantine red.8), as in index.html's theme-color. */
const RED = '#e03131';

const favicon = readFileSync(path.join(webDir, 'public/favicon.svg'), 'utf8');
const flamePath = /<path d="([^"]+)"/.exec(favicon)?.[1];
if (flamePath === undefined) throw new Error('public/favicon.svg has no <path d="..."> to draw the icons from.');

/** The flame (drawn on a 24-unit grid) centred in a 512 square at `scale` of its side, on `background`. */
function iconSvg({ background, cornerRadius, scale }) {
  const side = 512;
  const flameSide = side * scale;
  const offset = (side - flameSide) / 2;
  const backdrop =
    background === null ? '' : `<rect width="${side}" height="${side}" rx="${cornerRadius}" fill="${background}"/>`;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${side} ${side}">${backdrop}
<g transform="translate(${offset} ${offset}) scale(${flameSide / 24})" fill="none" stroke="#ffffff" stroke-width="2" stroke-linecap="round" stroke-linejoin="round"><path d="${flamePath}"/></g></svg>`;
}

const icons = [
  { file: 'icon-192.png', size: 192, svg: iconSvg({ background: RED, cornerRadius: 96, scale: 0.7 }) },
  { file: 'icon-512.png', size: 512, svg: iconSvg({ background: RED, cornerRadius: 96, scale: 0.7 }) },
  { file: 'maskable-512.png', size: 512, svg: iconSvg({ background: RED, cornerRadius: 0, scale: 0.6 }) },
  { file: 'badge-96.png', size: 96, svg: iconSvg({ background: null, cornerRadius: 0, scale: 0.9 }) },
];

mkdirSync(outputDir, { recursive: true });
for (const icon of icons) {
  await sharp(Buffer.from(icon.svg))
    .resize(icon.size, icon.size)
    .png({ compressionLevel: 9, palette: true })
    .toFile(path.join(outputDir, icon.file));
  console.log(`public/icons/${icon.file} (${icon.size}x${icon.size})`);
}
