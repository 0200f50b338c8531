import { execFileSync } from 'node:child_process';
import { chromium, type Browser } from 'playwright-core';
import { PipelineHarness } from '../support/harness.js';

/**
 * The interactive API docs (Swagger UI at /docs) in a real browser: served under the same
 * Content-Security-Policy as the console, and still whole under it: the operations render, no
 * script error, no violation of the policy.
 */
describe('API docs in a browser', () => {
  let h: PipelineHarness;
  let browser: Browser;

  beforeAll(async () => {
    const executablePath = execFileSync('deploy/local/browser.sh', { encoding: 'utf8' }).trim();
    h = await PipelineHarness.start({ env: { ROLES: 'api', LOG_LEVEL: 'silent' } });
    browser = await chromium.launch({ executablePath, headless: true });
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await h?.close();
  }, 60_000);

  it('serves /docs with the page policy, and Swagger UI renders every operation under it', async () => {
    const page = await browser.newPage();
    const problems: string[] = [];
    page.on('pageerror', (error) => problems.push(`script error: ${error.message}`));
    page.on('console', (message) => {
      if (message.type() === 'error') problems.push(`console: ${message.text()}`);
    });
    const outside: string[] = [];
    page.on('request', (request) => {
      if (!request.url().startsWith(h.baseUrl) && !request.url().startsWith('data:')) outside.push(request.url());
    });

    const answer = await page.goto(`${h.baseUrl}/docs`);
    const headers = answer!.headers();
    expect(headers['content-security-policy']).toContain("script-src 'self'");
    expect(headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(headers['x-content-type-options']).toBe('nosniff');

    await page.locator('.opblock-summary-path').first().waitFor({ timeout: 30_000 });
    const paths = await page.locator('.opblock-summary-path').allTextContents();
    expect(paths.join(' ')).toContain('/webhooks/{id}/deliveries');
    expect(problems).toEqual([]);
    expect(outside).toEqual([]);
    await page.close();
  }, 60_000);
});
