// Renders public/favicon.svg into the PNG icons of the web app manifest and public/favicon.ico
// (one 32 px PNG inside an ICO container, which every browser reads). Run after changing the SVG:
// node scripts/make-icons.mjs
import { readFile, writeFile } from "node:fs/promises";
import { existsSync } from "node:fs";
import { chromium } from "@playwright/test";

const svg = await readFile("public/favicon.svg", "utf8");
const browser = await chromium.launch({
  executablePath: existsSync("/usr/bin/chromium") ? "/usr/bin/chromium" : undefined,
  args: ["--no-sandbox"],
});
const page = await browser.newPage();

async function png(size) {
  await page.setViewportSize({ width: size, height: size });
  await page.setContent(
    `<style>html,body{margin:0;background:transparent}svg{display:block;width:${size}px;height:${size}px}</style>${svg}`,
  );
  return page.screenshot({ omitBackground: true, type: "png" });
}

// ICONDIR (6 bytes) + one ICONDIRENTRY (16 bytes) + the PNG image.
function ico(image, size) {
  const header = Buffer.alloc(22);
  header.writeUInt16LE(0, 0);
  header.writeUInt16LE(1, 2);
  header.writeUInt16LE(1, 4);
  header.writeUInt8(size, 6);
  header.writeUInt8(size, 7);
  header.writeUInt16LE(1, 10);
  header.writeUInt16LE(32, 12);
  header.writeUInt32LE(image.length, 14);
  header.writeUInt32LE(22, 18);
  return Buffer.concat([header, image]);
}

await writeFile("public/favicon.ico", ico(await png(32), 32));
await writeFile("public/icon-192.png", await png(192));
await writeFile("public/icon-512.png", await png(512));
await browser.close();
