import { randomUUID } from 'node:crypto';
import { eq, inArray } from 'drizzle-orm';
import {
  CIC_NOTICE_VERSION,
  CONTACTS_NOTICE_VERSION,
  maskIdNumber,
  type ApplicationStep,
  type StepData,
} from '@pisonow/domain';
import type { Db } from '../../db/client.ts';
import {
  applicationEvents,
  applicationSteps,
  applications,
  consents,
  photos,
} from '../../db/schema/index.ts';
import { AppError } from '../../lib/app-error.ts';
import { hmacHex } from '../../lib/crypto.ts';
import { ownedBy } from '../../lib/owner-scope.ts';
import { seal } from '../../lib/sealing.ts';
import { psgcDirectory } from '../addresses/psgc-directory.ts';
import { contractsFor, type ApplicationContext } from './application-context.ts';
import { EDITABLE_STATUSES, applicationView } from './application-view.ts';
import { validationError } from './validation-error.ts';

/** The keyed hash that finds one ID number on two customers without storing the number in clear. */
export const idNumberHash = (secretKey: Buffer, idType: string, idNumber: string) =>
  hmacHex(secretKey, `id:${idType}:${idNumber}`);

/**
 * Saves one step of the borrower's application (EN-01 … EN-05). The body is checked with the same
 * zod contract the form uses (VAL-17), then by rules only the server can check: the address codes
 * exist and nest (PSGC), the photos are the borrower's own and were accepted. Saving a step of an
 * application already under review or rejected is a modification: it goes back to draft until it
 * is submitted again.
 */
export async function saveApplicationStep(
  ctx: Pick<ApplicationContext, 'db' | 'clock' | 'secretKey'>,
  input: { customerId: string; step: ApplicationStep; body: unknown },
) {
  const { customerId, step, body } = input;
  const now = ctx.clock.now();
  const contracts = await contractsFor(ctx.db, customerId, now);
  const parsed = contracts[step].safeParse(body);
  if (!parsed.success) throw validationError(parsed.error);
  const data = parsed.data as Record<string, unknown>;

  if (step === 'addressInfo') {
    const a = parsed.data as StepData<'addressInfo'>;
    if (!psgcDirectory().nests(a.provinceCode, a.cityCode, a.barangayCode)) {
      throw new AppError('ADDRESS_INVALID', {
        status: 400,
        details: [{ field: 'barangayCode', code: 'ADDRESS_INVALID' }],
      });
    }
  }
  if (step === 'identityInfo')
    await assertOwnPhotos(ctx.db, customerId, parsed.data as StepData<'identityInfo'>);
  // VAL-12: the contacts notice the borrower confirmed must be the one the server serves now
  if (
    step === 'contact' &&
    (parsed.data as StepData<'contact'>).contactsNoticeVersion !== CONTACTS_NOTICE_VERSION
  )
    throw new AppError('CONTACTS_NOTICE_OUTDATED');

  await ctx.db.transaction(async (tx) => {
    await tx
      .insert(applications)
      .values({ id: randomUUID(), customerId, status: 'draft', createdAt: now, updatedAt: now })
      .onConflictDoNothing({ target: applications.customerId });
    const [application] = await tx
      .select()
      .from(applications)
      .where(eq(applications.customerId, customerId))
      .for('update');
    if (!application || !EDITABLE_STATUSES.has(application.status))
      throw new AppError('APPLICATION_NOT_EDITABLE');

    const update: Partial<typeof applications.$inferInsert> = { updatedAt: now };
    if (application.status !== 'draft') {
      update.status = 'draft';
      await tx.insert(applicationEvents).values({
        id: randomUUID(),
        applicationId: application.id,
        type: 'modification_started',
        step,
        at: now,
        detail: { from: application.status },
      });
    }
    let stored = data;
    if (step === 'identityInfo') {
      // ID numbers are sealed on the application row; the step keeps only what is not secret.
      const { idNumber, aadhaar, pan, ...rest } = parsed.data as StepData<'identityInfo'>;
      update.idType = rest.idType;
      update.idNumberHash = idNumberHash(ctx.secretKey, rest.idType, idNumber);
      update.idNumberLast4 = idNumber.slice(-4);
      update.sensitiveSealed = seal(ctx.secretKey, JSON.stringify({ idNumber, aadhaar, pan }));
      stored = { ...rest, idNumberMasked: maskIdNumber(idNumber) };
    }
    await tx.update(applications).set(update).where(eq(applications.id, application.id));
    await tx
      .insert(applicationSteps)
      .values({ applicationId: application.id, step, data: stored, completedAt: now, updatedAt: now })
      .onConflictDoUpdate({
        target: [applicationSteps.applicationId, applicationSteps.step],
        set: { data: stored, updatedAt: now },
      });
    await tx
      .insert(applicationEvents)
      .values({ id: randomUUID(), applicationId: application.id, type: 'step_saved', step, at: now });
    // VAL-12 (Data Privacy Act): the just-in-time consent on the contacts, with its time and notice
    // version; the first acceptance of a version is kept (saving again does not move it)
    if (step === 'contact') {
      await tx
        .insert(consents)
        .values({
          id: randomUUID(),
          customerId,
          kind: 'contacts',
          policyVersion: CONTACTS_NOTICE_VERSION,
          acceptedAt: now,
        })
        .onConflictDoNothing();
    }
    // BE-13 (RA 9510): the first step shows the notice that loan data goes to the CIC; its record
    if (step === 'identityInfo') {
      await tx
        .insert(consents)
        .values({
          id: randomUUID(),
          customerId,
          kind: 'cic_notice',
          policyVersion: CIC_NOTICE_VERSION,
          acceptedAt: now,
        })
        .onConflictDoNothing();
    }
  });
  return applicationView(ctx, { customerId });
}

/** The ID card and selfie must be this borrower's photos, of the right kind, accepted by the checks. */
export async function assertOwnPhotos(
  db: Db,
  customerId: string,
  identity: { idPhotoId: string; selfiePhotoId: string },
) {
  const rows = await db
    .select({ id: photos.id, kind: photos.kind, status: photos.status })
    .from(photos)
    .where(
      ownedBy(
        photos,
        customerId,
        inArray(photos.id, [identity.idPhotoId, identity.selfiePhotoId]),
        eq(photos.status, 'accepted'),
      ),
    );
  const ok = (id: string, kind: string) => rows.some((r) => r.id === id && r.kind === kind);
  const details = [
    ...(ok(identity.idPhotoId, 'idCard') ? [] : [{ field: 'idPhotoId', code: 'PHOTO_REQUIRED' as const }]),
    ...(ok(identity.selfiePhotoId, 'selfie')
      ? []
      : [{ field: 'selfiePhotoId', code: 'PHOTO_REQUIRED' as const }]),
  ];
  if (details.length) throw new AppError('PHOTO_REQUIRED', { status: 400, details });
}
