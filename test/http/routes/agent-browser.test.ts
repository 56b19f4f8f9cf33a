/**
 * A real browser pays a sandbox checkout: headless Chromium (Debian's `chromium`, driven by
 * playwright-core) opens the checkout page and clicks Pay; the key is then claimed over the API and used.
 * Without Chromium the test fails under CI=true and is skipped, saying why, elsewhere.
 */
import { existsSync } from 'node:fs';
import { chromium } from 'playwright-core';
import t from 'tap';
import { json, newCheckout, startAgentApp } from '../../helpers/agent.js';
import { requireService } from '../../helpers/required.js';
import { forEachStore } from '../../helpers/stores.js';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

t.test('headless Chromium pays a sandbox checkout; the agent claims and uses its key', async (t) => {
  const missing = existsSync(CHROMIUM)
    ? undefined
    : `Chromium is not installed at ${CHROMIUM} (apt-get install chromium, or set CHROMIUM_PATH)`;
  if (!requireService(t, 'Browser', missing)) return;
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
  t.teardown(() => browser.close());

  forEachStore(t, async (t, store) => {
    const server = await startAgentApp(t, store);
    const checkout = await newCheckout(t, server, 'browser-agent@example.com');
    const page = await browser.newPage();
    t.teardown(() => page.close());

    const opened = await page.goto(checkout.url);
    t.equal(opened?.status(), 200);
    t.equal(await page.locator('h1').textContent(), 'Sandbox checkout');
    t.match(
      await page.locator('body').textContent(),
      /agent plan.*USD 0\.001 per started unit of 100 records/s,
    );
    const early = await server.request('/api/agent/claim', { json: { token: checkout.claim_token } });
    t.equal(early.status, 402, 'not claimable before paying');
    await early.body?.cancel();

    await Promise.all([page.waitForURL(checkout.url), page.getByRole('button', { name: /Pay/ }).click()]);
    await page.locator('h1', { hasText: 'Payment complete' }).waitFor();
    t.pass('the page shows the payment as complete');

    const status = await server.request('/api/agent/checkout/status', {
      json: { token: checkout.claim_token },
    });
    t.match(await json(status), { status: 'paid', next_action: 'claim_api_key' });
    const claim = await server.request('/api/agent/claim', { json: { token: checkout.claim_token } });
    t.equal(claim.status, 200);
    const { api_key: apiKey } = await json<{ api_key: string }>(claim);
    const usage = await server.request('/api/v1/usage', { key: apiKey });
    t.equal(usage.status, 200);
    t.equal((await json(usage))['tier'], 'agent', 'the claimed key is an agent key');
  });
});
