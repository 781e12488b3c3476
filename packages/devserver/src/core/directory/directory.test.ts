import { describe, expect, test } from 'vitest';
import { createHarness } from '../../../test/harness.ts';

describe('branches and employees', () => {
  const h = createHarness();

  test('the seed has at least 25 branches in at least 12 cities, a few disabled', async () => {
    const { json } = await h.call('listBranches');
    expect(json.length).toBeGreaterThanOrEqual(25);
    expect(
      new Set(json.map((b: { Address: { City: string } }) => b.Address.City)).size,
    ).toBeGreaterThanOrEqual(12);
    const disabled = json.filter((b: { Enabled: boolean }) => !b.Enabled);
    expect(disabled.length).toBeGreaterThan(0);
    expect(disabled.length).toBeLessThan(json.length / 4);
  });

  test('every branch belongs to exactly one group, and captions follow the language', async () => {
    const branches = (await h.call('listBranches')).json as { Id: number }[];
    const fi = (await h.call('listBranchGroups', { headers: { 'Accept-Language': 'fi' } })).json;
    const en = (await h.call('listBranchGroups', { headers: { 'Accept-Language': 'en' } })).json;
    const grouped = fi
      .flatMap((g: { branches: number[] }) => g.branches)
      .sort((a: number, b: number) => a - b);
    expect(grouped).toEqual(branches.map((b) => b.Id).sort((a, b) => a - b));
    expect(fi[0].caption).toBe('Pääkaupunkiseutu');
    expect(en[0].caption).toBe('Helsinki region');
  });

  test('at least 60 employees with images, job titles in three languages and branches', async () => {
    const { json } = await h.call('listEmployees');
    expect(json.length).toBeGreaterThanOrEqual(60);
    for (const employee of json) {
      expect(employee.Image).toMatch(/^\/images\/employees\/\d+\.svg$/);
      expect(employee.JobTitles.fi && employee.JobTitles.sv && employee.JobTitles.en).toBeTruthy();
      expect(employee.Branches.length).toBeGreaterThan(0);
    }
    const titles = new Set(json.map((e: { JobTitles: { en: string } }) => e.JobTitles.en));
    expect(titles).toEqual(new Set(['Dentist', 'Dental hygienist', 'Dental nurse']));
  });

  test('the same seed gives the same data', async () => {
    const again = createHarness();
    expect((await again.call('listEmployees')).json).toEqual((await h.call('listEmployees')).json);
  });
});
