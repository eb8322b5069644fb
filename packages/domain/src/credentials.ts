// The part of the domain a data feed needs at run time, without the validation library: the credential
// formats, the verification protocol, and the sports and feed scope keys (`@datafeeds/domain/credentials`).
export * from './credential-format.ts';
export * from './verification.ts';
export * from './verification-judge.ts';
export * from './allowance.ts';
export * from './plans.ts';
export * from './sports.ts';
export * from './scopes.ts';
