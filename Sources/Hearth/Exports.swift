// `import Hearth` is all an app needs (and `import HearthTesting` for rules tests). The engine's
// modules are not re-exported whole: only the value types the API takes and returns are, type by
// type, so an app sees them (and, through them, their members) and nothing of the engine. A scoped
// re-export makes the declaring module's members visible too, which member-import visibility needs.
// `Tests/public-surface.sh` counts what each library makes public, so growth is deliberate.

@_exported public import struct HearthCore.Timestamp
@_exported public import struct HearthCore.GeoPoint
@_exported public import struct HearthCore.FirestoreError
@_exported public import enum HearthCore.AccessContext
@_exported public import struct HearthCore.DatabaseID
@_exported public import struct HearthCore.EngineOptions
@_exported public import struct HearthCore.Durability
@_exported public import protocol HearthCore.CommitClock
@_exported public import struct HearthCore.SystemClock
@_exported public import struct HearthCore.IndexConfiguration
@_exported public import struct HearthCore.TTLPolicy
@_exported public import struct HearthCore.ExplainOptions
@_exported public import struct HearthCore.ExplainMetrics
@_exported public import enum HearthCore.FieldOperator
@_exported public import class HearthRules.SecurityRules
@_exported public import struct HearthRules.RulesCoverage
@_exported public import struct HearthRules.ExpressionCounts
@_exported public import struct HearthRules.RulesSyntaxError
@_exported public import struct HearthRules.RulesEvaluationLimits

/// The canonical status codes of `FirestoreError` (the SDK's `FirestoreErrorCode`).
public typealias FirestoreErrorCode = HearthCore.FirestoreError.Code
