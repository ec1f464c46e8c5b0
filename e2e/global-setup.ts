/**
 * Before the browser tests: the demo department orders its queues by time in rank, with dates that
 * give the demo's members today's order; but members the specs create have no dates, and their
 * expectations are written in seniority scores. The suite therefore runs the department on
 * "Today's order" (an administrator's choice like any other); the department-rules spec covers
 * the rules a session itself carries (rounds, qualified and must-fill seats, standing bids).
 */
import { request } from '@playwright/test';
import { DEMO_ADMIN } from './fixtures/accounts.ts';

export default async function globalSetup(): Promise<void> {
  const port = Number(process.env.E2E_PORT ?? 5077);
  const api = await request.newContext({ baseURL: `http://127.0.0.1:${port}` });
  try {
    const signIn = await api.post('/api/auth/login', {
      data: { email: DEMO_ADMIN.email, password: DEMO_ADMIN.password },
    });
    if (!signIn.ok()) throw new Error(`the administrator could not sign in: ${signIn.status()} ${await signIn.text()}`);
    const headers = { authorization: `Bearer ${(await signIn.json()).token}` };
    const rule = await (await api.get('/api/admin/seniority-rule', { headers })).json();
    const todaysOrder = rule.presets.find((preset: { id: string }) => preset.id === 'default');
    const saved = await api.put('/api/admin/seniority-rule', { headers, data: { keys: todaysOrder.keys } });
    if (!saved.ok()) throw new Error(`today's order could not be set: ${saved.status()} ${await saved.text()}`);
  } finally {
    await api.dispose();
  }
}
