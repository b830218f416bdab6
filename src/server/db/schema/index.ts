// One file per owning module (docs/architecture.md, "Who owns which table").
export * from './users'; // core
export * from './sessions'; // core
export * from './blocks'; // core
export * from './photos'; // profiles
export * from './profiles'; // profiles
export * from './matches'; // matches
export * from './safety'; // safety
export * from './chat'; // chat
export * from './jobs'; // jobs (src/server/jobs)
export * from './events'; // events
export * from './notifications'; // notifications
export * from './badges'; // badges
export * from './verification'; // verification
export * from './auth'; // auth (email codes, password resets)
export * from './billing'; // billing
export * from './moderation'; // moderation
export * from './teas'; // teas (the tea catalogue's reviews)
export * from './stories'; // stories (the anonymous Tea community)
export * from './preferences'; // preferences (discovery filters, preferences)
export * from './datesafety'; // datesafety (Share My Date)
export * from './discovery'; // discovery (Travel mode)
