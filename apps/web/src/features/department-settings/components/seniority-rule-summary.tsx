/**
 * The seniority rule in force, in one line, where member places are shown (/admin/seniority): the
 * rule itself is edited on Department Settings, and this names it so the places below can be read.
 */
import { Anchor, Loader, Paper, Text } from '@mantine/core';
import { Link } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { getErrorMessage } from '../../../lib/api-client.ts';
import { useSeniorityRuleQuery } from '../api/seniority-rule-queries.ts';
import { describeRule } from './seniority-rule-card.tsx';

export function SeniorityRuleSummary() {
  const ruleQuery = useSeniorityRuleQuery();
  return (
    <Paper withBorder p="md" component="section" aria-label="Seniority rule">
      {ruleQuery.isPending ? (
        <Loader size="sm" role="status" aria-label="Loading the seniority rule" />
      ) : (
        <Text size="sm">
          {ruleQuery.isError ? (
            getErrorMessage(ruleQuery.error, 'Failed to load the seniority rule')
          ) : (
            <>
              Seniority rule in force:{' '}
              <strong>
                {ruleQuery.data.isDefault
                  ? "Today's order: seniority score, then each session's tie-break chain"
                  : describeRule(ruleQuery.data.keys)}
              </strong>
              .
            </>
          )}{' '}
          Change it in{' '}
          <Anchor component={Link} to={paths.admin.settings} inherit underline="always">
            Department Settings
          </Anchor>
          .
        </Text>
      )}
    </Paper>
  );
}
