/**
 * Set-up of every browser test file (vitest.config.ts): when a test fails, print what its open
 * pages showed — address, requests in flight, last answers to changes, text — beside the error.
 * A wait that times out (a URL, a dialog) says little by itself, and a rare failure on a loaded
 * machine is read from the log alone.
 */
import { beforeEach } from 'vitest';
import { describeOpenPages } from './browser.ts';

beforeEach(({ task, onTestFailed }) => {
  onTestFailed(async () => {
    const pages = await describeOpenPages();
    if (pages) console.error(`"${task.name}" failed; its open pages:\n${pages}`);
  });
});
