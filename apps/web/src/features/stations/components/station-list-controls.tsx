/**
 * The controls every station list shares (the administrators' Station List and the Station
 * Assignments panel): the Grid/List switch, and the page footer with "Showing X to Y of Z
 * stations" and the pages of 12 (LIMITS.stationsPerPage).
 */
import { Group, Pagination, SegmentedControl, Text } from '@mantine/core';
import { IconLayoutGrid, IconList } from '@tabler/icons-react';
import { describeStationPage } from '../utils/station-rules.ts';

export type StationLayout = 'grid' | 'list';

export function StationLayoutSwitch({
  value,
  onChange,
}: {
  value: StationLayout;
  onChange: (layout: StationLayout) => void;
}) {
  return (
    <SegmentedControl
      aria-label="Layout"
      value={value}
      onChange={(next) => onChange(next as StationLayout)}
      data={[
        {
          value: 'grid',
          label: (
            <Group gap={6} wrap="nowrap">
              <IconLayoutGrid size={16} aria-hidden />
              <span>Grid</span>
            </Group>
          ),
        },
        {
          value: 'list',
          label: (
            <Group gap={6} wrap="nowrap">
              <IconList size={16} aria-hidden />
              <span>List</span>
            </Group>
          ),
        },
      ]}
    />
  );
}

interface StationPageFooterProps {
  currentPage: number;
  pageCount: number;
  /** How many stations the filters leave, across all pages. */
  stationCount: number;
  onPageChange: (page: number) => void;
}

export function StationPageFooter({ currentPage, pageCount, stationCount, onPageChange }: StationPageFooterProps) {
  return (
    <Group justify="space-between" gap="sm">
      <Text size="sm" c="dimmed" aria-live="polite">
        {describeStationPage(currentPage, stationCount)}
      </Text>
      {pageCount > 1 && (
        <Pagination
          total={pageCount}
          value={currentPage}
          onChange={onPageChange}
          size="sm"
          aria-label="Station pages"
          getControlProps={(control) => ({
            'aria-label': `${control === 'previous' ? 'Previous' : 'Next'} page`,
          })}
          getItemProps={(pageNumber) => ({ 'aria-label': `Page ${pageNumber}` })}
        />
      )}
    </Group>
  );
}
