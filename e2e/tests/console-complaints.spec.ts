import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';
import { loginThroughApi } from '../support/login.ts';
import { FINANCE, SUPPORT, axe, signInToConsole } from '../support/console.ts';

/**
 * BE-11 in the console (desktop): a borrower's complaint waits in "Complaints" with its promised
 * date; support resolves it with an answer; the borrower sees the resolution on their ticket and a
 * message in the message centre. Finance has no Complaints menu.
 */
test('BE-11: support resolves a complaint from the queue; the borrower sees the answer and a message; axe-clean', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const borrower = await loginThroughApi(request);
  const filed = await request.post('/api/complaints', {
    headers: { ...borrower.headers, 'idempotency-key': `e2e-complaint-${borrower.phone}` },
    data: { category: 'collection_conduct', description: 'A collector called me at 11 pm last night.' },
  });
  expect(filed.status()).toBe(201);
  const complaint = (await filed.json()) as { id: string; ticketNumber: string; resolveBy: string };

  await signInToConsole(page, SUPPORT);
  await page.getByRole('menuitem', { name: 'Complaints' }).click();
  const table = page.getByTestId('complaints-table');
  await expect(table).toContainText(complaint.ticketNumber);
  await expect(table).toContainText(`+63 ${borrower.phone}`);
  await expect(page.getByTestId(`deadline-${complaint.id}`)).toHaveAttribute('data-overdue', 'false');
  await expect(page.getByTestId(`deadline-${complaint.id}`)).toContainText('days left');
  await axe(page, 'complaints (support)');

  await page.getByTestId(`respond-${complaint.id}`).click();
  const answer = 'We spoke to the collection team; calls are now limited to 8 am to 9 pm. Sorry.';
  await page.getByTestId('complaint-response').fill(answer);
  await axe(page, 'complaints (respond)');
  await page.getByRole('button', { name: 'Resolve and tell the borrower' }).click();
  await expect(page.getByTestId(`respond-${complaint.id}`)).toHaveCount(0);
  await expect(table).toContainText(answer);
  await expect(page.getByRole('dialog')).toBeHidden();
  if (process.env.SCREENSHOTS) {
    await page.screenshot({
      path: fileURLToPath(new URL('../../docs/screenshots/console-complaints.png', import.meta.url)),
    });
  }

  // the borrower sees the resolution on the ticket, and a message in the message centre
  const mine = await request.get(`/api/complaints/${complaint.id}`, { headers: borrower.headers });
  expect(await mine.json()).toMatchObject({ status: 'resolved', resolution: answer });
  const inbox = (await (await request.get('/api/messages', { headers: borrower.headers })).json()) as {
    messages: { title: string; body: string }[];
  };
  expect(
    inbox.messages.find((m) => m.title === `Complaint ${complaint.ticketNumber} resolved`)?.body,
  ).toContain(answer);

  // finance does not work complaints
  await page.getByTestId('sign-out').click();
  await signInToConsole(page, FINANCE);
  await expect(page.getByRole('menuitem', { name: 'Complaints' })).toHaveCount(0);
});
