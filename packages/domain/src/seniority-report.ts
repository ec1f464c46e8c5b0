/**
 * The Seniority Information page's content: the member's score worked out with their own
 * numbers, the multiplier tables and tips, computed from the same rules as the queue order.
 */
import {
  EXPERIENCE_LEVELS,
  POSITION_MULTIPLIERS,
  type ProfessionalPosition,
  RANK_MULTIPLIERS,
  RANKS,
  type Rank,
} from './constants.ts';
import type { SeniorityInfo } from './schemas/profile.ts';
import {
  computeAutomaticSeniorityScore,
  computeSeniorityScore,
  getExperienceLevel,
  getPositionMultiplier,
  getRankMultiplier,
} from './seniority.ts';

export interface SeniorityReportInput {
  yearsOfService: number;
  rank: Rank;
  position: ProfessionalPosition;
  manualSeniorityScore: number | null;
  queuePosition: number | null;
  totalActiveMembers: number;
}

const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`;

/** "12 years × 10 × 2 (Captain) × 1.3 (Paramedic) = 312" */
export function describeSeniorityCalculation(
  input: Pick<SeniorityReportInput, 'yearsOfService' | 'rank' | 'position'>,
) {
  const score = computeAutomaticSeniorityScore(input);
  return `${plural(input.yearsOfService, 'year')} × 10 × ${getRankMultiplier(input.rank)} (${input.rank}) × ${getPositionMultiplier(input.position)} (${input.position}) = ${score}`;
}

export function buildSeniorityReport(input: SeniorityReportInput): SeniorityInfo {
  const automaticScore = computeAutomaticSeniorityScore(input);
  const manualOverride =
    input.manualSeniorityScore && input.manualSeniorityScore > 0 ? input.manualSeniorityScore : null;
  const seniorityScore = computeSeniorityScore(input);
  const automaticCalculation = describeSeniorityCalculation(input);
  return {
    seniorityScore,
    automaticScore,
    manualOverride,
    yearsOfService: input.yearsOfService,
    rank: input.rank,
    position: input.position,
    rankMultiplier: getRankMultiplier(input.rank),
    positionMultiplier: getPositionMultiplier(input.position),
    experienceLevel: getExperienceLevel(input.yearsOfService),
    calculation: manualOverride
      ? `Manual score set by an administrator: ${manualOverride} (automatic: ${automaticCalculation})`
      : automaticCalculation,
    queuePosition: input.queuePosition,
    totalActiveMembers: input.totalActiveMembers,
    multipliers: {
      ranks: RANKS.map((rank) => ({ rank, multiplier: RANK_MULTIPLIERS[rank] })),
      positions: (Object.keys(POSITION_MULTIPLIERS) as ProfessionalPosition[]).map((position) => ({
        position,
        multiplier: POSITION_MULTIPLIERS[position],
      })),
    },
    tips: buildTips(input, automaticScore, manualOverride),
  };
}

function buildTips(input: SeniorityReportInput, automaticScore: number, manualOverride: number | null): string[] {
  const tips: string[] = [];
  if (manualOverride) {
    tips.push(
      `An administrator has set your score to ${manualOverride}; the automatic score (${automaticScore}) applies again if they remove it.`,
    );
  }
  // EXPERIENCE_LEVELS is highest first; the next level is the lowest threshold above the member's years.
  const nextLevel = [...EXPERIENCE_LEVELS].reverse().find((entry) => entry.minimumYears > input.yearsOfService);
  if (nextLevel) {
    const yearsToGo = nextLevel.minimumYears - input.yearsOfService;
    tips.push(
      `${plural(yearsToGo, 'more year')} of service to reach ${nextLevel.level} (${nextLevel.minimumYears} years).`,
    );
  } else {
    tips.push('You have reached the Senior experience level.');
  }
  if (input.yearsOfService < 50) {
    const nextYearScore = computeAutomaticSeniorityScore({ ...input, yearsOfService: input.yearsOfService + 1 });
    tips.push(
      `Each year of service adds about ${nextYearScore - automaticScore} points: next year your automatic score will be ${nextYearScore}.`,
    );
  }
  const nextRank = RANKS[RANKS.indexOf(input.rank) + 1];
  if (nextRank) {
    const promotedScore = computeAutomaticSeniorityScore({ ...input, rank: nextRank });
    tips.push(`A promotion to ${nextRank} would raise your automatic score to ${promotedScore}.`);
  }
  const bestPosition = (Object.keys(POSITION_MULTIPLIERS) as ProfessionalPosition[]).reduce((best, position) =>
    POSITION_MULTIPLIERS[position] > POSITION_MULTIPLIERS[best] ? position : best,
  );
  if (POSITION_MULTIPLIERS[input.position] < POSITION_MULTIPLIERS[bestPosition]) {
    tips.push(
      `Qualifications weigh too: as ${bestPosition} (×${POSITION_MULTIPLIERS[bestPosition]}) your automatic score would be ${computeAutomaticSeniorityScore({ ...input, position: bestPosition })}.`,
    );
  }
  if (input.queuePosition !== null) {
    tips.push(
      input.queuePosition === 1
        ? `You are first in the queue of ${plural(input.totalActiveMembers, 'active member')}.`
        : `You are #${input.queuePosition} of ${plural(input.totalActiveMembers, 'active member')}; members with a higher score bid before you, and ties go to more years of service, then the lower employee ID.`,
    );
  }
  tips.push('If your rank, position or years of service are wrong, ask an administrator to correct them.');
  return tips;
}
