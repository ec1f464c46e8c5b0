import { describe, expect, it } from 'vitest';
import { buildSeniorityReport, describeSeniorityCalculation } from './seniority-report.ts';

describe('buildSeniorityReport', () => {
  it('works the score out with the member’s own numbers', () => {
    expect(describeSeniorityCalculation({ yearsOfService: 12, rank: 'Captain', position: 'Paramedic' })).toBe(
      '12 years × 10 × 2 (Captain) × 1.3 (Paramedic) = 312',
    );
    const report = buildSeniorityReport({
      yearsOfService: 12,
      rank: 'Captain',
      position: 'Paramedic',
      manualSeniorityScore: null,
      queuePosition: 3,
      totalActiveMembers: 30,
    });
    expect(report).toMatchObject({
      seniorityScore: 312,
      automaticScore: 312,
      manualOverride: null,
      rankMultiplier: 2,
      positionMultiplier: 1.3,
      experienceLevel: 'Experienced',
      queuePosition: 3,
      totalActiveMembers: 30,
    });
    expect(report.multipliers.ranks).toHaveLength(7);
    expect(report.multipliers.positions).toContainEqual({ position: 'Officer', multiplier: 1.5 });
    expect(report.tips).toContain('3 more years of service to reach Senior (15 years).');
    expect(report.tips).toContain('A promotion to Battalion Chief would raise your automatic score to 468.');
    expect(report.tips.some((tip) => tip.includes('#3 of 30 active members'))).toBe(true);
  });

  it('shows a manual override and the automatic score beside it', () => {
    const report = buildSeniorityReport({
      yearsOfService: 1,
      rank: 'Firefighter',
      position: 'Firefighter',
      manualSeniorityScore: 500,
      queuePosition: 1,
      totalActiveMembers: 1,
    });
    expect(report.seniorityScore).toBe(500);
    expect(report.automaticScore).toBe(10);
    expect(report.manualOverride).toBe(500);
    expect(report.calculation).toBe(
      'Manual score set by an administrator: 500 (automatic: 1 year × 10 × 1 (Firefighter) × 1 (Firefighter) = 10)',
    );
    expect(report.tips[0]).toMatch(/administrator has set your score to 500/);
    expect(report.tips).toContain('4 more years of service to reach Mid-level (5 years).');
  });

  it('has no next level or promotion at the top', () => {
    const report = buildSeniorityReport({
      yearsOfService: 50,
      rank: 'Chief',
      position: 'Officer',
      manualSeniorityScore: 0,
      queuePosition: null,
      totalActiveMembers: 4,
    });
    expect(report.manualOverride).toBeNull();
    expect(report.seniorityScore).toBe(3750);
    expect(report.tips).toContain('You have reached the Senior experience level.');
    expect(report.tips.some((tip) => tip.includes('promotion'))).toBe(false);
  });
});
