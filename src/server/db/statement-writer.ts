import { isDeepStrictEqual } from 'node:util';
import {
  Column,
  is,
  Name,
  Param,
  Placeholder,
  SQL,
  StringChunk,
  Subquery,
  Table,
  View,
  isSQLWrapper,
} from 'drizzle-orm';
import { isPgEnum, type PgDialect } from 'drizzle-orm/pg-core';

/**
 * Drizzle's statement writer (`PgDialect.sqlToQuery`), made faster without changing what it writes.
 *
 * Drizzle tells each chunk of a statement's tree apart with `is()`, which walks the chunk's class chain
 * for every kind it is not: about ten walks per chunk, and one more class test per value to type it.
 * Discovery's statement has thousands of chunks, and writing it was a quarter of the discovery
 * endpoint's CPU (docs/performance.md). This writer tells the common kinds apart by their class (string
 * pieces, nested SQL, values, columns, tables, names, subqueries of query builders) and hands every
 * other chunk to Drizzle's own code with the same parameter counter, so its output is Drizzle's, byte
 * for byte. Under Vitest every statement is written both ways and compared (`checked`), so the whole
 * test suite checks that claim on every statement the app writes.
 */

interface Written {
  sql: string;
  params: unknown[];
  typings?: string[];
}

type Config = Parameters<SQL['toQuery']>[0];

/** Drizzle's own writer for one chunk, on the shared counter (a chunk this writer does not handle fast). */
const EMPTY = new SQL([]);
const drizzleWrite = (chunk: unknown, config: Config): Written =>
  EMPTY.buildQueryFromSourceParams([chunk as SQL], config);

/** Makes `dialect.sqlToQuery` write with this writer (and check it against Drizzle's when `checked`). */
export function installStatementWriter(dialect: PgDialect, checked = process.env.VITEST !== undefined): void {
  const original = dialect.sqlToQuery.bind(dialect);
  const config: Config = {
    casing: (dialect as unknown as { casing: Config['casing'] }).casing,
    escapeName: dialect.escapeName.bind(dialect),
    escapeParam: dialect.escapeParam.bind(dialect),
    escapeString: dialect.escapeString.bind(dialect),
    prepareTyping: dialect.prepareTyping.bind(dialect),
  };
  const names = new WeakMap<object, string>();
  const typings = new WeakMap<object, string>();
  const nameOf = (chunk: Column | Table): string => {
    let written = names.get(chunk);
    if (written === undefined) {
      written = drizzleWrite(chunk, { ...config, paramStartIndex: { value: 0 } }).sql;
      names.set(chunk, written);
    }
    return written;
  };
  const typingOf = (encoder: object): string => {
    let typing = typings.get(encoder);
    if (typing === undefined) {
      typing = config.prepareTyping?.(encoder as never) ?? 'none';
      typings.set(encoder, typing);
    }
    return typing;
  };

  const write = (statement: SQL): Written => {
    const counter = { value: 0 };
    const out = { sql: '', params: [] as unknown[], typings: [] as string[] };
    const param = (value: unknown, typing: string) => {
      out.sql += config.escapeParam(counter.value++, value);
      out.params.push(value);
      out.typings.push(typing);
    };
    const fallback = (chunk: unknown, inline: boolean) => {
      const written = drizzleWrite(chunk, { ...config, inlineParams: inline, paramStartIndex: counter });
      out.sql += written.sql;
      for (const value of written.params) out.params.push(value);
      if (written.typings) for (const typing of written.typings) out.typings.push(typing);
    };
    const chunks = (list: readonly unknown[], inline: boolean): void => {
      for (const chunk of list) one(chunk, inline);
    };
    const one = (chunk: unknown, inline: boolean): void => {
      if (chunk === undefined) return;
      if (chunk === null || typeof chunk !== 'object') {
        if (typeof chunk === 'function') return fallback(chunk, inline);
        return inline ? fallback(chunk, inline) : param(chunk, 'none');
      }
      const kind = chunk.constructor;
      if (kind === StringChunk) {
        const { value } = chunk as StringChunk;
        out.sql += value.length === 1 ? value[0] : value.join('');
        return;
      }
      if (kind === SQL) {
        const nested = chunk as unknown as { queryChunks: unknown[]; shouldInlineParams: boolean };
        return chunks(nested.queryChunks, inline || nested.shouldInlineParams);
      }
      if (kind === Param) {
        const { value, encoder } = chunk as Param;
        if (inline || is(value, Placeholder)) return fallback(chunk, inline);
        const mapped = value === null ? null : encoder.mapToDriverValue(value);
        if (is(mapped, SQL)) return fallback(chunk, inline);
        return param(mapped, typingOf(encoder));
      }
      if (kind === Name) {
        out.sql += config.escapeName((chunk as Name).value);
        return;
      }
      if (kind === Date) return inline ? fallback(chunk, inline) : param(chunk, 'none');
      if (Array.isArray(chunk)) {
        out.sql += '(';
        chunk.forEach((item: unknown, i) => {
          if (i > 0) out.sql += ', ';
          one(item, inline);
        });
        out.sql += ')';
        return;
      }
      if (chunk instanceof Table) {
        out.sql += nameOf(chunk);
        return;
      }
      if (chunk instanceof Column) {
        out.sql += nameOf(chunk);
        return;
      }
      // A query builder used as a subquery (not a view, placeholder, alias, subquery or enum: Drizzle writes those).
      if (
        !(chunk instanceof SQL) &&
        !is(chunk, View) &&
        !is(chunk, Placeholder) &&
        !is(chunk, SQL.Aliased) &&
        !is(chunk, Subquery) &&
        !isPgEnum(chunk) &&
        isSQLWrapper(chunk)
      ) {
        const wrapper = chunk;
        if (wrapper.shouldOmitSQLParens?.()) return one(wrapper.getSQL(), inline);
        out.sql += '(';
        one(wrapper.getSQL(), inline);
        out.sql += ')';
        return;
      }
      return fallback(chunk, inline);
    };

    one(statement, false);
    return out.typings.length > 0 ? out : { sql: out.sql, params: out.params };
  };

  dialect.sqlToQuery = (statement: SQL, invokeSource?: Parameters<PgDialect['sqlToQuery']>[1]) => {
    if (invokeSource !== undefined) return original(statement, invokeSource);
    const written = write(statement);
    if (checked) assertSame(written, original(statement));
    return written as ReturnType<PgDialect['sqlToQuery']>;
  };
}

function assertSame(fast: Written, drizzle: Written): void {
  if (!isDeepStrictEqual(fast, drizzle)) {
    throw new Error(
      `statement writer differs from Drizzle's:\n${fast.sql}\n${JSON.stringify(fast.params)}\n---\n${drizzle.sql}\n${JSON.stringify(drizzle.params)}`,
    );
  }
}
