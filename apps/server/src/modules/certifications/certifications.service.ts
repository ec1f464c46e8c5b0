/**
 * The department's certification catalogue: administrators add, rename and delete certifications.
 * A code is what seats and members name, so renaming a code renames it on every seat in the same
 * transaction, and a certification that seats still require cannot be deleted. Deleting one that
 * members hold is allowed: it is taken from them (the database's cascade).
 */
import {
  CERTIFICATION_MESSAGES,
  type Certification,
  type CreateCertificationRequest,
  certificationCodeTakenMessage,
  certificationDeletedMessage,
  certificationRequiredBySeatsMessage,
  type UpdateCertificationRequest,
} from '@stationbid/domain';
import type { Database } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { AppError, conflict } from '../../lib/app-error.ts';
import type { Clock } from '../../lib/clock.ts';
import { recordActivity } from '../activity/activity.repository.ts';
import {
  deleteCertification,
  findCertification,
  insertCertification,
  listCertifications,
  listSeatGroupsRequiring,
  lockCertification,
  renameRequiredCode,
  updateCertification,
} from './certifications.repository.ts';

const CODE_CONSTRAINT = 'certifications_code_unique';

/** Who makes a change, for the activity log. */
export interface CertificationActor {
  id: string;
  firstName: string;
  lastName: string;
}

const actorName = (actor: CertificationActor) => `${actor.firstName} ${actor.lastName}`;
const notFound = () => new AppError('NOT_FOUND', CERTIFICATION_MESSAGES.notFound);

export class CertificationsService {
  constructor(
    private readonly db: Database,
    private readonly clock: Clock,
  ) {}

  /** The catalogue in code order, with how many members hold each. */
  async list(): Promise<Certification[]> {
    return listCertifications(this.db);
  }

  async create(body: CreateCertificationRequest, actor: CertificationActor): Promise<Certification> {
    const now = this.clock.now();
    const row = await this.refuseTakenCode(body.code, () =>
      this.db.transaction(async (tx) => {
        const created = await insertCertification(tx, {
          code: body.code,
          name: body.name,
          createdAt: now,
          updatedAt: now,
        });
        await recordActivity(tx, {
          memberId: actor.id,
          actorName: actorName(actor),
          type: 'system',
          title: 'Certification created',
          description: `${actorName(actor)} added certification ${created.code} (${created.name})`,
          details: { certificationId: created.id, action: 'create' },
          at: now,
        });
        return created;
      }),
    );
    return { id: row.id, code: row.code, name: row.name, holders: 0 };
  }

  /** Renames it; a new code is renamed on every seat that requires the old one, in the same transaction. */
  async update(id: string, body: UpdateCertificationRequest, actor: CertificationActor): Promise<Certification> {
    const now = this.clock.now();
    await this.refuseTakenCode(body.code, () =>
      this.db.transaction(async (tx) => {
        const existing = await lockCertification(tx, id);
        if (!existing) throw notFound();
        await updateCertification(tx, id, { code: body.code, name: body.name, updatedAt: now });
        if (body.code !== undefined && body.code !== existing.code) {
          await renameRequiredCode(tx, existing.code, body.code);
        }
        const code = body.code ?? existing.code;
        const renamed = code === existing.code ? '' : ` (was ${existing.code})`;
        await recordActivity(tx, {
          memberId: actor.id,
          actorName: actorName(actor),
          type: 'system',
          title: 'Certification updated',
          description: `${actorName(actor)} updated certification ${code}${renamed}`,
          details: { certificationId: id, action: 'edit' },
          at: now,
        });
      }),
    );
    const updated = await findCertification(this.db, id);
    if (!updated) throw notFound();
    return updated;
  }

  /**
   * Deletes it unless seats require it; answers the message to show, which says how many members
   * held it (they no longer do).
   */
  async delete(id: string, actor: CertificationActor): Promise<string> {
    const now = this.clock.now();
    return this.db.transaction(async (tx) => {
      const existing = await lockCertification(tx, id);
      if (!existing) throw notFound();
      const uses = await listSeatGroupsRequiring(tx, existing.code);
      if (uses.length > 0) throw conflict(certificationRequiredBySeatsMessage(existing.code, uses));
      const holders = (await findCertification(tx, id))?.holders ?? 0;
      await deleteCertification(tx, id);
      await recordActivity(tx, {
        memberId: actor.id,
        actorName: actorName(actor),
        type: 'system',
        title: 'Certification deleted',
        description: `${actorName(actor)} deleted certification ${existing.code} (${existing.name}), held by ${holders}`,
        details: { certificationId: id, action: 'delete', holders },
        at: now,
      });
      return certificationDeletedMessage(existing.code, holders);
    });
  }

  /** Runs a write; a taken code becomes 409 with the code in the message. */
  private async refuseTakenCode<T>(code: string | undefined, write: () => Promise<T>): Promise<T> {
    try {
      return await write();
    } catch (error) {
      if (code !== undefined && isUniqueViolation(error, CODE_CONSTRAINT)) {
        throw conflict(certificationCodeTakenMessage(code));
      }
      throw error;
    }
  }
}
