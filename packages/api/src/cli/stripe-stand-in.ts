/**
 * Runs the local Stripe stand-in (decision 071) for a demo of the real SDK path on one machine, with the same
 * STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET the API is given:
 *
 *   STRIPE_SECRET_KEY=sk_test_demo STRIPE_WEBHOOK_SECRET=whsec_demo npm run stripe:stand-in --workspace @summit/api -- --port=12111
 *   PAYMENT_STRIPE=standin STRIPE_SECRET_KEY=sk_test_demo STRIPE_WEBHOOK_SECRET=whsec_demo \
 *     STRIPE_API_BASE=http://127.0.0.1:12111 npm start
 *
 * Webhooks go to --notify=URL (default http://127.0.0.1:<PORT>/api/payment/notify/stripe, PORT being the API's).
 * Its state lives in memory: a restart forgets every intent.
 */
import { loadEnv } from '../env.ts';
import { StripeStandIn } from '../stand-ins/stripe.ts';

const env = loadEnv();
const arg = (name: string) => process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
if (!env.STRIPE_SECRET_KEY || !env.STRIPE_WEBHOOK_SECRET) {
  console.error('STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET are required (the same values the API is given)');
  process.exit(1);
}
const port = Number(arg('port') ?? 12111);
const notifyUrl = arg('notify') ?? `http://127.0.0.1:${env.PORT}/api/payment/notify/stripe`;
const standIn = new StripeStandIn({ secretKey: env.STRIPE_SECRET_KEY, webhookSecret: env.STRIPE_WEBHOOK_SECRET, notifyUrl });
const url = await standIn.start(port);
console.log(`Stripe stand-in on ${url} (webhooks to ${notifyUrl}); set STRIPE_API_BASE=${url}`);
const stop = () => void standIn.stop().then(() => process.exit(0));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
