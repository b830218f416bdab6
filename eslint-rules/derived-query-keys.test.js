// @ts-check
import { RuleTester } from 'eslint';
import tseslint from 'typescript-eslint';
import { describe, it } from 'vitest';
import derivedQueryKeys from './derived-query-keys.js';

RuleTester.describe = describe;
RuleTester.it = it;
RuleTester.itOnly = it.only;

const tester = new RuleTester({ languageOptions: { parser: tseslint.parser } });
const handWritten = { messageId: 'handWritten' };

tester.run('steep/derived-query-keys', derivedQueryKeys, {
  valid: [
    'useQuery({ queryKey: queryKeyOf(matchesApi.list), queryFn });',
    'useQuery({ queryKey: queryKeyOf(feedRoute, { params: { userId }, query: { scope } }), queryFn });',
    'queryClient.invalidateQueries({ queryKey: queryKeyOf(teaApi.stats) });',
    'queryClient.setQueryData(queryKeyOf(smsRoute, { params: { id } }), saved);',
    'queryClient.getQueryData<Preferences>(queryKeyOf(preferencesRoute, { params: { id } }));',
    'useQuery({ queryKey: localQueryKey("push-state"), queryFn });',
    // The key of query options built with queryKeyOf, and names bound to a derived key.
    'queryClient.getQueryData(options.queryKey);',
    'const key = queryKeyOf(matchesApi.list); queryClient.setQueryData(key, []);',
    'const key = queryKeyOf(matchesApi.list) as const; useQuery({ queryKey: key, queryFn });',
    // A local function that only returns a derived key.
    'const feed = (userId) => queryKeyOf(feedRoute, { params: { userId } }); queryClient.setQueryData(feed(id), 1);',
    'function feed(userId) { return queryKeyOf(feedRoute, { params: { userId } }); } useQuery({ queryKey: feed(id) });',
    // A helper that takes a key from its caller.
    'const invalidated = (qc, key) => qc.getQueryState(key)?.isInvalidated;',
    // Not a key: a destructured property, another method, a string key elsewhere.
    'const { queryKey } = options;',
    'queryClient.clear(); queryClient.invalidateQueries();',
    'storage.getItem(["a"]);',
  ],
  invalid: [
    { code: "useQuery({ queryKey: ['/api/matches'], queryFn });", errors: [handWritten] },
    { code: "useQuery({ queryKey: ['billing', 'secret', planType] as const, queryFn });", errors: [handWritten] },
    { code: 'useQuery({ queryKey: [...PREFIX, userId], queryFn });', errors: [handWritten] },
    { code: "queryClient.invalidateQueries({ queryKey: ['tea'] });", errors: [handWritten] },
    { code: "queryClient.setQueryData(['/api/boost'], status);", errors: [handWritten] },
    { code: "queryClient.getQueryData(['prefs', id]);", errors: [handWritten] },
    { code: "queryClient.getQueryState(['/api/matches']);", errors: [handWritten] },
    // A constant or a factory holding a hand-written key.
    { code: "const KEY = ['notices'] as const; useQuery({ queryKey: KEY, queryFn });", errors: [handWritten] },
    {
      code: "const keys = (id: string) => ['/api/users', id]; queryClient.setQueryData(keys(id), data);",
      errors: [handWritten],
    },
    {
      code: "function keyOf(id: string) { return ['/api/users', id] as const; } useQuery({ queryKey: keyOf(id) });",
      errors: [handWritten],
    },
    { code: 'useQuery({ queryKey: makeKey(id), queryFn });', errors: [handWritten] },
    { code: 'useQuery({ queryKey: teaKeys.stats, queryFn });', errors: [handWritten] },
    { code: 'useQuery({ queryKey: teaKeys.reviews(teaId), queryFn });', errors: [handWritten] },
    {
      code: "import { MATCHES_KEY } from './keys'; useQuery({ queryKey: MATCHES_KEY, queryFn });",
      errors: [handWritten],
    },
    { code: "useQuery({ 'queryKey': ['x'], queryFn });", errors: [handWritten] },
  ],
});
