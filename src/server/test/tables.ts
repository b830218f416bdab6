/**
 * The one door through which tests read and write tables directly, to set up a state or to prove what was
 * (or was not) stored. Production code imports only the tables its folder owns (eslint-rules/layers.js);
 * a test that reaches another feature's rows says so by importing from here.
 */
export * from '../db/schema';
