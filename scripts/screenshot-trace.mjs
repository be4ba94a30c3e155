// ===- screenshot-trace.mjs - A tacos trace in a viewer, as a PNG ----------=== //
//
// Driven by scripts/screenshot-trace.sh (which installs what it imports).
// Loads a Trace Event JSON file into speedscope's offline build (file://,
// the same loader its own CLI uses: a script that calls
// speedscope.loadFileFromBase64), in headless Chromium through
// puppeteer-core, and screenshots the timeline of one thread (speedscope
// shows one thread at a time). The viewer's console is the file's check:
// any warning or error it prints while importing fails the run, so a trace
// the viewer has to repair (mis-nested slices...) is not pictured silently.
//
//   node screenshot-trace.mjs --speedscope DIR --chromium PATH
//        [--thread TEXT] TRACE.json OUT.png
//   node screenshot-trace.mjs --chromium PATH --probe
//        (does this Chromium have a working chrome://tracing?)
//
// ===----------------------------------------------------------------------=== //

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import puppeteer from 'puppeteer-core';

function parseArgs(argv) {
  const opts = { positional: [] };
  for (let i = 0; i < argv.length; ++i) {
    const a = argv[i];
    if (a === '--probe') opts.probe = true;
    else if (['--speedscope', '--chromium', '--thread'].includes(a))
      opts[a.slice(2)] = argv[++i];
    else opts.positional.push(a);
  }
  return opts;
}

async function launch(chromium) {
  // Chromium refuses its sandbox as root (CI and this machine run as root).
  const args = ['--disable-gpu', '--hide-scrollbars'];
  if (process.getuid && process.getuid() === 0) args.push('--no-sandbox');
  // puppeteer gives it a fresh temporary profile and removes it on close.
  return puppeteer.launch({ executablePath: chromium, headless: true, args });
}

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

// chrome://tracing is an "internal debugging page": enable those (the button
// on chrome://chrome-urls) and try to open it.
async function probe(chromium) {
  const browser = await launch(chromium);
  const page = await browser.newPage();
  console.log(`chromium: ${await browser.version()}`);
  await page.goto('chrome://chrome-urls', { waitUntil: 'load' });
  await sleep(500);
  await page.evaluate(() => {
    const app = document.querySelector('chrome-urls-app');
    const button = app && app.shadowRoot.querySelector('cr-button');
    if (button) button.click();
  });
  await sleep(1000);
  let verdict;
  try {
    await page.goto('chrome://tracing', { waitUntil: 'load' });
    verdict = `loads, title "${await page.title()}"`;
  } catch (e) {
    verdict = `does not load (${e.message})`;
  }
  console.log(`chrome://tracing: ${verdict}`);
  await browser.close();
}

// Speedscope's importer and our code log through the console; Chromium's
// software-WebGL notices are not about the file.
const NOT_ABOUT_THE_FILE = /WebGL|GL Driver Message/;

async function screenshot(opts) {
  const [trace, out] = opts.positional;
  if (!trace || !out || !opts.speedscope)
    throw new Error('usage: --speedscope DIR TRACE.json OUT.png');
  const index = path.resolve(opts.speedscope, 'dist/release/index.html');
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'tacos-shot-'));
  const loader = path.join(tmp, 'load.js');
  const base64 = fs.readFileSync(trace).toString('base64');
  fs.writeFileSync(loader, `speedscope.loadFileFromBase64(` +
    `${JSON.stringify(path.basename(trace))}, ${JSON.stringify(base64)})`);

  const browser = await launch(opts.chromium);
  const page = await browser.newPage();
  const problems = [];
  let imported = false;
  page.on('console', (m) => {
    const text = m.text();
    if (text.startsWith('Importing as Trace Event Format')) imported = true;
    if ((m.type() === 'warn' || m.type() === 'error') &&
        !NOT_ABOUT_THE_FILE.test(text))
      problems.push(`console ${m.type()}: ${text}`);
  });
  page.on('pageerror', (e) => problems.push(`page error: ${e.message}`));
  await page.setViewport({ width: 1400, height: 220 });
  await page.goto(`file://${index}#localProfilePath=${loader}`,
                  { waitUntil: 'load' });
  await sleep(2000);

  // The toolbar title names the thread shown ("NPU 0 (pid 0), 0 -> 1
  // (tid 0) (1/14)"); `n` shows the next one.
  const title = () => page.evaluate(() => document.body.innerText);
  if (opts.thread) {
    let found = false, last = null;
    for (let now = await title(); !found && now !== last;) {
      found = now.includes(opts.thread);
      if (!found) {
        await page.keyboard.press('n');
        await sleep(100);
        [last, now] = [now, await title()];
      }
    }
    if (!found) problems.push(`no thread matches "${opts.thread}"`);
    await sleep(500);
  }
  if (!imported)
    problems.push('speedscope did not import the file as a Trace Event ' +
                  'Format profile');
  const shown = (await title()).split('\n').find((l) => l.includes('(pid'));
  await page.screenshot({ path: out });
  const chrome = await browser.version();
  await browser.close();
  fs.rmSync(tmp, { recursive: true, force: true });
  const speedscope = JSON.parse(fs.readFileSync(
    path.resolve(opts.speedscope, 'package.json'))).version;
  console.log(`viewer: speedscope ${speedscope} in ${chrome} (headless)`);
  console.log(`shown: ${shown}`);
  for (const p of problems) console.log(p);
  if (problems.length) process.exit(1);
  console.log(`wrote ${out}`);
}

const opts = parseArgs(process.argv.slice(2));
opts.chromium = opts.chromium || '/usr/bin/chromium';
if (opts.probe) await probe(opts.chromium);
else await screenshot(opts);
