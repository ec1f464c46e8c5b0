import { expect, type Locator, test } from '@playwright/test';
import { DEMO_MEMBER } from '../../fixtures/accounts.ts';
import { signInThroughForm } from '../../fixtures/auth.ts';

// The multiplier tables, written out here by hand so the page is checked against the published
// figures rather than against the code that drew it (RANK_MULTIPLIERS in constants.ts).
const SPEC_RANK_MULTIPLIERS: Record<string, number> = {
  Firefighter: 1,
  Engineer: 1.2,
  Lieutenant: 1.5,
  Captain: 2,
  'Battalion Chief': 3,
  'Deputy Chief': 4,
  Chief: 5,
};
const SPEC_POSITION_MULTIPLIERS: Record<string, number> = {
  Firefighter: 1,
  Paramedic: 1.3,
  EMT: 1.1,
  Driver: 1.2,
  Operator: 1.4,
  Officer: 1.5,
};

async function readFact(section: Locator, term: string): Promise<string> {
  return (await section.locator('dt', { hasText: term }).locator('+ dd').innerText()).trim();
}

test.describe('seniority information on a phone', () => {
  test.use({ viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true });

  test('a member sees their score, worked out from their own rank, position and years', async ({ page }) => {
    await signInThroughForm(page, DEMO_MEMBER.email, DEMO_MEMBER.password);
    await page.goto('/seniority');
    await expect(page.getByRole('heading', { name: 'Seniority Information', level: 1 })).toBeVisible();

    const personal = page.getByRole('region', { name: 'Personal Information' });
    await expect(personal).toContainText(DEMO_MEMBER.name);
    const rank = await readFact(personal, 'Rank');
    const position = await readFact(personal, 'Position');
    const years = Number(await readFact(personal, 'Years of service'));
    // The demo seed's Elena Ramirez: a Captain paramedic with 19 years.
    expect({ rank, position, years }).toEqual({ rank: 'Captain', position: 'Paramedic', years: 19 });

    const expectedScore = Math.round(
      years * 10 * (SPEC_RANK_MULTIPLIERS[rank] ?? 1) * (SPEC_POSITION_MULTIPLIERS[position] ?? 1),
    );
    const scoreCard = page.getByRole('region', { name: 'Seniority Score' });
    await expect(scoreCard.getByTestId('seniority-score')).toHaveText(String(expectedScore));
    await expect(scoreCard.getByText('Automatic')).toBeVisible();

    const calculation = page.getByRole('region', { name: 'Score Calculation' }).getByTestId('score-calculation');
    await expect(calculation).toContainText(`${years}years of service`);
    await expect(calculation).toContainText(`×${SPEC_RANK_MULTIPLIERS[rank]}${rank} rank`);
    await expect(calculation).toContainText(`×${SPEC_POSITION_MULTIPLIERS[position]}${position} position`);
    await expect(calculation).toContainText(`=${expectedScore}automatic score`);

    await expect(
      page.getByRole('region', { name: 'Department Queue Position' }).getByText(/^#\d+ of \d+$/),
    ).toBeVisible();
    const rankTable = page.getByRole('table', { name: 'Rank Multipliers' });
    await expect(rankTable.locator('tr[aria-current="true"]')).toContainText(`${rank}Your rank`);
    await expect(page.getByRole('region', { name: 'Improvement Tips' }).getByRole('listitem').first()).toBeVisible();

    // Nothing spills sideways on a 375 px screen: the page itself never scrolls horizontally.
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });
});
