import { afterAll, describe, expect, it } from 'vitest';
import { releaseLanguageTools } from '../../../src/tags/language-tools.js';
import { definitionKeys, fixtureTags, importKeys, lineOf, referenceKeys, snippetTags } from './helpers.js';

afterAll(releaseLanguageTools);

const REPO = 'ts-router';

describe('tsx tags on fixtures/repos/ts-router', () => {
  it('components/RouteView.tsx: components, props interfaces, arrow handlers, hooks and type references', async () => {
    const tags = await fixtureTags(REPO, 'src/components/RouteView.tsx');
    const { text } = tags;
    expect(tags.language).toBe('tsx');
    expect(tags.errorNodes).toBe(0);
    expect(tags.definitions).toContainEqual({
      name: 'RouteView',
      kind: 'function',
      startLine: lineOf(text, 'export function RouteView'),
      endLine: lineOf(text, 'export interface RouteLinkProps') - 2,
    });
    expect(definitionKeys(tags)).toEqual([
      'interface RouteViewProps',
      'function RouteView',
      'interface RouteLinkProps',
      'function RouteLink',
      'function onClick',
    ]);
    expect(tags.references).toContainEqual({ name: 'useState', kind: 'call', line: lineOf(text, 'useState(') });
    expect(tags.references).toContainEqual({
      name: 'subscribe',
      kind: 'call',
      line: lineOf(text, 'router.subscribe('),
    });
    expect(tags.references).toContainEqual({
      name: 'navigate',
      kind: 'call',
      line: lineOf(text, 'router.navigate(href)'),
    });
    expect(tags.references).toContainEqual({
      name: 'isActive',
      kind: 'call',
      line: lineOf(text, 'const active = isActive('),
    });
    expect(tags.references).toContainEqual({
      name: 'Router',
      kind: 'type',
      line: lineOf(text, 'router: Router<TData>;'),
    });
    // Intrinsic elements (<section>, <a>) are not references.
    expect(referenceKeys(tags)).not.toContain('class section');
    expect(referenceKeys(tags)).not.toContain('class a');
    expect(importKeys(tags)).toEqual([
      'react [useEffect, useState, MouseEvent, ReactNode]',
      '../router [Router, ResolvedRoute]',
      '../links.js [isActive]',
    ]);
  });

  it('__tests__/RouteView.test.tsx: JSX elements <Foo /> and <Foo>…</Foo> are class references', async () => {
    const tags = await fixtureTags(REPO, 'src/__tests__/RouteView.test.tsx');
    const { text } = tags;
    expect(tags.references).toContainEqual({
      name: 'RouteView',
      kind: 'class',
      line: lineOf(text, '<RouteView router={makeRouter()} initialUrl="/posts/12"'),
    });
    expect(tags.references).toContainEqual({
      name: 'RouteLink',
      kind: 'class',
      line: lineOf(text, '<RouteLink router={router}'),
    });
    expect(tags.references).toContainEqual({
      name: 'makeRouter',
      kind: 'call',
      line: lineOf(text, '<RouteView router={makeRouter()} initialUrl="/posts/12"'),
    });
    expect(tags.references).toContainEqual({ name: 'Router', kind: 'class', line: lineOf(text, 'new Router()') });
    expect(tags.references).toContainEqual({ name: 'addRoute', kind: 'call', line: lineOf(text, 'new Router()') });
    expect(referenceKeys(tags)).not.toContain('class h1');
    expect(importKeys(tags)).toEqual([
      '@testing-library/react [act, fireEvent, render, screen]',
      'vitest [describe, expect, it]',
      '../components/RouteView [RouteLink, RouteView]',
      '../router [Router]',
    ]);
    expect(definitionKeys(tags)).toEqual(['function makeRouter']);
  });
});

describe('tsx forms (inline)', () => {
  it('member-expression components and typed props', async () => {
    const tags = await snippetTags(
      'tsx',
      [
        "import { Layout } from './layout';",
        'export const Page = ({ title }: PageProps) => (',
        '  <Layout.Main title={title}>',
        '    <Card />',
        '    <div>{format(title)}</div>',
        '  </Layout.Main>',
        ');',
      ].join('\n'),
    );
    expect(definitionKeys(tags)).toEqual(['function Page']);
    expect(tags.references).toEqual([
      { name: 'PageProps', kind: 'type', line: 2 },
      { name: 'Main', kind: 'class', line: 3 },
      { name: 'Card', kind: 'class', line: 4 },
      { name: 'format', kind: 'call', line: 5 },
    ]);
  });
});
