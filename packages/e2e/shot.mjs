import { chromium } from '@playwright/test';
const [,, path, phone, width, out] = process.argv;
const b = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
const ctx = await b.newContext({ viewport: { width: Number(width), height: 900 }, locale: 'zh-CN' });
const p = await ctx.newPage();
if (phone !== '-') {
  const r = await fetch('http://127.0.0.1:3100/api/login', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ phone_code: '86', phone, password: 'Summit2026!' }) });
  const j = await r.json();
  await p.goto('http://127.0.0.1:3100/');
  await p.evaluate((t) => { const role = location.search; localStorage.setItem(t.startsWith('T:') ? 'teacher_token' : 'student_token', t.replace(/^T:/, '')); localStorage.setItem('last_login_role', t.startsWith('T:') ? 'teacher' : 'student'); localStorage.setItem('online_notice_read', '1'); }, (phone.startsWith('138') ? 'T:' : '') + j.data.token);
}
await p.goto('http://127.0.0.1:3100' + path);
await p.waitForTimeout(4000);
await p.screenshot({ path: out, fullPage: true });
await b.close();
