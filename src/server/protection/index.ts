// Player protection: limits, breaks (time-out, self-exclusion), account closure, the
// monthly summary. The wallet calls `guardMove` inside every bet and deposit; a module
// that moves money on its own (a cashier, a sportsbook) calls it inside its transaction
// after `lockPlayerWallet`, or goes through the wallet's operations, which do both.
export { closeAccount, loginBar, type LoginBar, markLoginStart, realityCheckMinutes, setRealityCheck, takeBreak } from './breaks.ts';
export { decisionOf, type GuardRefusal, guardMove, lockPlayerWallet, precheckMove } from './guard.ts';
export { confirmLimitChange, limitRow, readLimits, setLimit } from './limits.ts';
export * from './rules.ts';
export { monthlySummary } from './summary.ts';
export { limitInfo, protectionRefusal } from './reply.ts';
export { answerRealityCheck, type RealityCheck, realityCheckOf, sessionResult } from './reality.ts';
