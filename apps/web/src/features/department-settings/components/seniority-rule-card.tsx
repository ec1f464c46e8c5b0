/**
 * The administrators' seniority rule (bidding-rules.md, "Seniority as the department defines it"):
 * the ordered keys that decide who bids first, each with its direction, started from a preset
 * ("Time in rank", "Time on the department", "Today's order") and edited key by key. Every control
 * is a labelled button or select, so the list is ordered with the keyboard alone; the server checks
 * the rule again.
 */
import { Alert, Button, Group, Loader, Paper, Select, Stack, Text, Title } from '@mantine/core';
import {
  SENIORITY_KEY_LABELS,
  SENIORITY_KEYS,
  type SeniorityDirection,
  type SeniorityKey,
  type SeniorityRuleKey,
  type SeniorityRuleResponse,
  seniorityRuleSchema,
} from '@stationbid/domain';
import { type FormEvent, useId, useState } from 'react';
import { getErrorMessage } from '../../../lib/api-client.ts';
import { useSaveSeniorityRule } from '../api/save-seniority-rule.ts';
import { useSeniorityRuleQuery } from '../api/seniority-rule-queries.ts';

/** How each direction reads for each key: "Earliest first" for a date, "Highest first" for a score. */
export function describeDirection(key: SeniorityKey, direction: SeniorityDirection): string {
  if (key === 'rankDate' || key === 'hireDate') return direction === 'asc' ? 'Earliest first' : 'Latest first';
  if (key === 'employeeId') return direction === 'asc' ? 'A to Z' : 'Z to A';
  if (key === 'lottery') return direction === 'asc' ? 'Lowest draw first' : 'Highest draw first';
  return direction === 'asc' ? 'Lowest first' : 'Highest first';
}

/** "Date in rank (earliest first), then List number (lowest first)" */
export function describeRule(keys: readonly SeniorityRuleKey[]): string {
  return keys
    .map(
      (entry) => `${SENIORITY_KEY_LABELS[entry.key]} (${describeDirection(entry.key, entry.direction).toLowerCase()})`,
    )
    .join(', then ');
}

export function SeniorityRuleCard() {
  const titleId = useId();
  const ruleQuery = useSeniorityRuleQuery();
  return (
    <Paper component="section" aria-labelledby={titleId} withBorder p="md">
      <Stack gap="sm">
        <Title order={2} size="h4" id={titleId}>
          Seniority rule
        </Title>
        <Text size="sm" c="gray.7">
          The keys below decide who bids first, in order: the first key that tells two members apart places them. A
          session freezes the rule and every member's dates when it starts.
        </Text>
        {ruleQuery.isPending && <Loader size="sm" role="status" aria-label="Loading the seniority rule" />}
        {ruleQuery.isError && (
          <Text size="sm" role="alert">
            {getErrorMessage(ruleQuery.error, 'Failed to load the seniority rule')}
          </Text>
        )}
        {ruleQuery.isSuccess && <RuleForm key={JSON.stringify(ruleQuery.data.keys)} current={ruleQuery.data} />}
      </Stack>
    </Paper>
  );
}

function RuleForm({ current }: { current: SeniorityRuleResponse }) {
  const [keys, setKeys] = useState<SeniorityRuleKey[]>(current.keys);
  const [error, setError] = useState<string | null>(null);
  const save = useSaveSeniorityRule();
  const unused = SENIORITY_KEYS.filter((key) => !keys.some((entry) => entry.key === key));

  const change = (next: SeniorityRuleKey[]) => {
    setKeys(next);
    setError(null);
  };
  const move = (index: number, by: -1 | 1) => {
    const next = [...keys];
    const [entry] = next.splice(index, 1);
    if (entry) next.splice(index + by, 0, entry);
    change(next);
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = seniorityRuleSchema.safeParse({ keys });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? 'The rule cannot order a queue.');
      return;
    }
    save.mutate(parsed.data);
  };

  return (
    <form onSubmit={submit} noValidate aria-label="Seniority rule">
      <Stack gap="sm">
        <Text size="sm">
          In force:{' '}
          <strong>
            {current.isDefault
              ? "Today's order: seniority score, then each session's tie-break chain"
              : describeRule(current.keys)}
          </strong>
        </Text>
        <Group gap="xs" role="group" aria-label="Presets">
          {current.presets.map((preset) => (
            <Button
              key={preset.id}
              variant="light"
              size="xs"
              title={preset.description}
              onClick={() => change(preset.keys.map((entry) => ({ ...entry })))}
            >
              {preset.name}
            </Button>
          ))}
        </Group>
        <Stack gap="xs" component="ol" aria-label="Keys in order" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {keys.map((entry, index) => {
            const place = index + 1;
            return (
              <Paper component="li" key={entry.key} withBorder p="xs">
                <Group gap="xs" align="flex-end" wrap="wrap">
                  <Text size="sm" fw={600} w={20} aria-hidden>
                    {place}.
                  </Text>
                  <Select
                    label={`Key ${place}`}
                    data={[entry.key, ...unused].map((key) => ({ value: key, label: SENIORITY_KEY_LABELS[key] }))}
                    value={entry.key}
                    allowDeselect={false}
                    onChange={(value) =>
                      value &&
                      change(keys.map((item, at) => (at === index ? { ...item, key: value as SeniorityKey } : item)))
                    }
                    w={{ base: '100%', xs: 180 }}
                    comboboxProps={{ withinPortal: true }}
                  />
                  <Select
                    label={`Direction of key ${place}`}
                    data={(['asc', 'desc'] as const).map((direction) => ({
                      value: direction,
                      label: describeDirection(entry.key, direction),
                    }))}
                    value={entry.direction}
                    allowDeselect={false}
                    onChange={(value) =>
                      value &&
                      change(
                        keys.map((item, at) =>
                          at === index ? { ...item, direction: value as SeniorityDirection } : item,
                        ),
                      )
                    }
                    w={{ base: '100%', xs: 170 }}
                    comboboxProps={{ withinPortal: true }}
                  />
                  <Group gap={4}>
                    <Button
                      size="xs"
                      variant="default"
                      aria-label={`Move ${SENIORITY_KEY_LABELS[entry.key]} up`}
                      disabled={index === 0}
                      onClick={() => move(index, -1)}
                    >
                      Up
                    </Button>
                    <Button
                      size="xs"
                      variant="default"
                      aria-label={`Move ${SENIORITY_KEY_LABELS[entry.key]} down`}
                      disabled={index === keys.length - 1}
                      onClick={() => move(index, 1)}
                    >
                      Down
                    </Button>
                    <Button
                      size="xs"
                      variant="subtle"
                      color="red"
                      aria-label={`Remove ${SENIORITY_KEY_LABELS[entry.key]}`}
                      onClick={() => change(keys.filter((_, at) => at !== index))}
                    >
                      Remove
                    </Button>
                  </Group>
                </Group>
              </Paper>
            );
          })}
        </Stack>
        {unused.length > 0 && (
          <Group>
            <Button
              size="xs"
              variant="light"
              onClick={() => {
                // A drawn lot settles only what the others leave tied: a new key goes before it.
                const lotteryAt = keys.findIndex((entry) => entry.key === 'lottery');
                const added: SeniorityRuleKey = {
                  key: unused.find((key) => key !== 'lottery') ?? 'lottery',
                  direction: 'asc',
                };
                change(
                  lotteryAt === -1 ? [...keys, added] : [...keys.slice(0, lotteryAt), added, ...keys.slice(lotteryAt)],
                );
              }}
            >
              Add key
            </Button>
          </Group>
        )}
        {error && (
          <Alert color="red" role="alert">
            {error}
          </Alert>
        )}
        {save.isError && (
          <Alert color="red" role="alert">
            {getErrorMessage(save.error, 'Failed to save the seniority rule')}
          </Alert>
        )}
        <Group>
          <Button type="submit" loading={save.isPending}>
            Save seniority rule
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
