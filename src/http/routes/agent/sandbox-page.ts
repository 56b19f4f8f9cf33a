/**
 * Pages for people, not agents: the sandbox provider's checkout page (GET shows what is bought and the
 * price; its form POSTs back to the same URL to complete a test payment) and the page a real provider
 * returns the payer to. The test payment sends a signed notification through receiveNotification, the
 * path Polar's notifications take.
 */
import Router from '@koa/router';
import type { Context } from 'koa';
import { findByProviderCheckout, statusOf } from '../../../billing/checkouts.js';
import type { AppDeps } from '../../deps.js';
import { type ErrorKey, HttpError } from '../../../errors.js';
import { AGENT_METERING } from '../../../accounts/plans.js';
import type { SandboxProvider } from '../../../billing/payment/sandbox.js';
import { receiveNotification } from './webhooks.js';

const CSP = "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; base-uri 'none'";
const STYLE =
  'body{font:16px/1.5 system-ui,sans-serif;max-width:36rem;margin:3rem auto;padding:0 1rem;color:#222}' +
  'table{border-collapse:collapse}td{padding:.2rem .8rem .2rem 0;vertical-align:top}' +
  'button{font-size:1.1rem;padding:.6rem 1.6rem;cursor:pointer}.note{color:#666;font-size:.9rem}';

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

const PAGE_ERRORS: Record<number, ErrorKey> = { 404: 'NOT_FOUND', 410: 'CHECKOUT_EXPIRED' };

/**
 * Answers with an HTML page. A browser (Accept naming text/html) sees errors as pages too; any other
 * client gets them as the documented JSON envelope.
 */
function page(ctx: Context, status: number, title: string, body: string): void {
  const error = PAGE_ERRORS[status];
  if (error !== undefined && ctx.accepts('json', 'html') !== 'html') throw new HttpError(error, `${title}.`);
  ctx.status = status;
  ctx.type = 'text/html; charset=utf-8';
  ctx.set('Content-Security-Policy', CSP);
  ctx.set('Cache-Control', 'no-store');
  ctx.set('X-Frame-Options', 'DENY');
  ctx.body = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(title)}</title><style>${STYLE}</style></head><body><h1>${escapeHtml(title)}</h1>${body}</body></html>`;
}

const METERED = `then metered: the first ${AGENT_METERING.free_records_per_day} records of each UTC day are free, after that USD ${AGENT_METERING.price_usd_per_unit} per started unit of ${AGENT_METERING.unit_records} records`;

/** The sandbox checkout page (mounted only when the sandbox is the provider). */
export function sandboxCheckoutRoutes(deps: AppDeps, sandbox: SandboxProvider): Router {
  const router = new Router();
  const path = '/sandbox/checkout/:id';

  router.get(path, async (ctx) => {
    const row = await findByProviderCheckout(deps.store.db, sandbox.name, ctx.params.id!);
    if (!row) return page(ctx, 404, 'Checkout not found', '<p>No sandbox checkout has this address.</p>');
    const status = statusOf(row, deps.clock.now());
    const summary =
      `<table><tr><td>Product</td><td>MockHive API key, <strong>agent</strong> plan</td></tr>` +
      `<tr><td>Price</td><td><strong>USD 0.00</strong> now (test payment), ${escapeHtml(METERED)}</td></tr>` +
      `<tr><td>Email</td><td>${escapeHtml(row.email)}</td></tr>` +
      `<tr><td>Checkout</td><td>${escapeHtml(row.id)}</td></tr></table>`;
    if (status === 'expired') {
      return page(
        ctx,
        410,
        'Checkout expired',
        `${summary}<p>This checkout expired unpaid. Create a new one.</p>`,
      );
    }
    if (status !== 'pending') {
      return page(
        ctx,
        200,
        'Payment complete',
        `${summary}<p>This checkout is paid. Your agent can now claim its API key with its claim token (<code>POST /api/agent/claim</code>).</p>`,
      );
    }
    page(
      ctx,
      200,
      'Sandbox checkout',
      `<p class="note">Sandbox provider: no card, no money. Paying here sends the service the same kind of signed notification a real provider sends.</p>${summary}` +
        `<form method="post"><button type="submit">Pay USD 0.00</button></form>` +
        `<p class="note">Expires ${escapeHtml(new Date(Number(row.expires_at)).toISOString())}.</p>`,
    );
  });

  router.post(path, async (ctx) => {
    const row = await findByProviderCheckout(deps.store.db, sandbox.name, ctx.params.id!);
    if (!row) return page(ctx, 404, 'Checkout not found', '<p>No sandbox checkout has this address.</p>');
    if (statusOf(row, deps.clock.now()) === 'expired') {
      return page(ctx, 410, 'Checkout expired', '<p>This checkout expired unpaid. Create a new one.</p>');
    }
    const notification = sandbox.paymentNotification(row.provider_checkout_id, row.id, deps.clock.now());
    const outcome = await receiveNotification(deps, sandbox, notification.headers, notification.body);
    ctx.state.log.info({ provider: sandbox.name, outcome }, 'sandbox test payment');
    ctx.status = 303; // back to the page, which now shows the paid state (reloading does not pay twice)
    ctx.redirect(ctx.path);
  });
  return router;
}

/** Where a real provider sends the payer after paying. */
export function checkoutCompleteRoutes(): Router {
  const router = new Router();
  router.get('/checkout/complete', (ctx) => {
    page(
      ctx,
      200,
      'Thank you',
      '<p>Your payment is being confirmed. Your agent can poll the checkout status and claim its API key with its claim token once the status is <code>paid</code>.</p>',
    );
  });
  return router;
}
