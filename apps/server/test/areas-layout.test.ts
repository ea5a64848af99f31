import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { AREAS, CATALOGUE } from '@health/contract';

/**
 * The catalogue maps each built page to its entity; the same `<area>/<entity>` words name its files
 * in every package (docs/adding-an-area.md). A page that names an entity has all three; a page the
 * web registers names one (a page without an entity is not built).
 */
const root = new URL('../../../', import.meta.url);
const exists = (path: string) => existsSync(new URL(path, root));
const pages = CATALOGUE.flatMap((s) => s.pages);
const built = pages.filter((p) => p.entity);

describe('the catalogue and the tree', () => {
  it('has built pages in every area', () => {
    for (const area of AREAS.filter((a) => a !== 'auth')) {
      expect(
        built.some((p) => p.entity!.startsWith(`${area}/`)),
        area,
      ).toBe(true);
    }
  });

  it.each(built.map((p) => [p.path, p.entity!] as const))(
    '%s leads to the files of %s in contract, server and web',
    (_path, entity) => {
      expect(AREAS).toContain(entity.split('/')[0]);
      expect(exists(`packages/contract/src/${entity}.ts`), 'contract').toBe(true);
      expect(exists(`apps/server/src/modules/${entity}/routes.ts`), 'server').toBe(true);
      expect(exists(`apps/web/src/features/${entity}/`), 'web').toBe(true);
    },
  );

  it('lets the web register only built pages, each in its own area', () => {
    for (const area of AREAS.filter((a) => a !== 'auth')) {
      const slice = readFileSync(new URL(`apps/web/src/features/${area}/pages.ts`, root), 'utf8');
      const names = [...slice.matchAll(/\[PAGES\.(\w+)\]/g)].map((m) => m[1]);
      expect(names.length, area).toBeGreaterThan(0);
      for (const name of names) {
        const page = pages.find((p) => p.name === name);
        expect(page?.entity, `${area}: ${name}`).toMatch(new RegExp(`^${area}/`));
      }
    }
  });
});
