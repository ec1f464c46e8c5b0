/**
 * The department's seniority rule (bidding-rules.md, "Seniority as the department defines it"):
 * read and set by administrators. A session copies the rule in force when its queue is written and
 * freezes it when it starts (session-engine/seniority-freeze.ts).
 */
import {
  DEFAULT_SENIORITY_RULE,
  isSameSeniorityRule,
  SENIORITY_RULE_PRESETS,
  type SeniorityRule,
  type SeniorityRuleResponse,
} from '@stationbid/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client.ts';
import { audit, auditActor } from '../../lib/audit-log.ts';
import type { Clock } from '../../lib/clock.ts';
import { recordActivity } from '../activity/activity.repository.ts';
import { announceSeniorityRuleChanged } from '../auth/member-cache.ts';
import { readSeniorityRule, saveSeniorityRule } from './seniority-rule.repository.ts';

export interface SeniorityRuleEditor {
  id: string;
  isAdmin: boolean;
  firstName: string;
  lastName: string;
}

export class SeniorityRuleService {
  constructor(
    private readonly db: Database,
    private readonly clock: Clock,
  ) {}

  async current(): Promise<SeniorityRuleResponse> {
    const { rule, updatedAt } = await readSeniorityRule(this.db);
    return present(rule, updatedAt);
  }

  /**
   * `rule` was checked by the route's schema. Today's order (the default preset's keys) is saved as
   * no rule, so each session's own tie-break chain, a drawn lot included, keeps applying. `log`: the
   * request's logger, which writes the change's audit line (lib/audit-log.ts) after the commit.
   */
  async set(editor: SeniorityRuleEditor, rule: SeniorityRule, log: FastifyBaseLogger): Promise<SeniorityRuleResponse> {
    const at = this.clock.now();
    const saved = isSameSeniorityRule(rule, DEFAULT_SENIORITY_RULE) ? null : rule;
    const name = `${editor.firstName} ${editor.lastName}`;
    await this.db.transaction(async (tx) => {
      await saveSeniorityRule(tx, saved, editor.id, at);
      await recordActivity(tx, {
        memberId: editor.id,
        actorName: name,
        type: 'system',
        title: 'Seniority rule changed',
        description: `${name} set the seniority rule to ${describeRule(saved)}`,
        details: { action: 'seniority_rule', keys: saved?.keys ?? null },
        at,
      });
    });
    // Every member's place outside a session follows the rule (the dashboard, lists, exports).
    announceSeniorityRuleChanged(this.db);
    audit(
      log,
      'settings.changed',
      { ...auditActor(editor), settings: ['seniorityRule'] },
      `administrator set the seniority rule to ${describeRule(saved)}`,
    );
    return present(saved, saved ? at : null);
  }
}

function describeRule(rule: SeniorityRule | null): string {
  if (!rule) return "today's order (seniority score, then each session's tie-break chain)";
  return rule.keys.map((entry) => `${entry.key} ${entry.direction}`).join(', ');
}

function present(rule: SeniorityRule | null, updatedAt: Date | null): SeniorityRuleResponse {
  return {
    keys: (rule ?? DEFAULT_SENIORITY_RULE).keys.map(({ key, direction }) => ({ key, direction })),
    isDefault: rule === null,
    presets: SENIORITY_RULE_PRESETS.map((preset) => ({
      id: preset.id,
      name: preset.name,
      description: preset.description,
      keys: preset.rule.keys.map(({ key, direction }) => ({ key, direction })),
    })),
    updatedAt: updatedAt?.toISOString() ?? null,
  };
}
