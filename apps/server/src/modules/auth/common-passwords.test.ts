/** The shipped common-password list (packages/domain) is the one of its maintained source. */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { COMMON_PASSWORDS_8_TO_11, COMMON_PASSWORDS_SOURCE } from '@stationbid/domain';
import { describe, expect, it } from 'vitest';

describe('the common-password list', () => {
  it('ships the common passwords of 8 to 11 characters of @zxcvbn-ts/language-common, and no more', () => {
    const require = createRequire(import.meta.url);
    const packageJsonPath = require.resolve('@zxcvbn-ts/language-common/package.json');
    const { version } = JSON.parse(readFileSync(packageJsonPath, 'utf8')) as { version: string };
    const source = JSON.parse(
      readFileSync(path.join(path.dirname(packageJsonPath), 'src/passwords.json'), 'utf8'),
    ) as string[];
    expect(COMMON_PASSWORDS_SOURCE, 'run npm run generate:common-passwords').toBe(
      `@zxcvbn-ts/language-common@${version}`,
    );
    const expected = source
      .map((password) => password.toLowerCase())
      .filter((password) => password.length >= 8 && password.length < 12);
    expect(COMMON_PASSWORDS_8_TO_11.split(' ')).toEqual([...new Set(expected)]);
  });
});
