import { Text } from '@mantine/core';
import classes from './summary-list.module.css';

interface SummaryItem {
  term: string;
  detail: string;
}

/** Label and value pairs as a description list, so assistive technology reads them as pairs. */
export function SummaryList({ items }: { items: SummaryItem[] }) {
  return (
    <dl className={classes.list}>
      {items.map(({ term, detail }) => (
        <div key={term} className={classes.row}>
          <Text component="dt" size="sm" c="gray.7">
            {term}
          </Text>
          <Text component="dd" size="sm" fw={500} className={classes.detail}>
            {detail}
          </Text>
        </div>
      ))}
    </dl>
  );
}
