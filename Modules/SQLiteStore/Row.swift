/// One row of a result, its columns by name; NULL reads as nil.
///
/// ```swift
/// for row in try db.rows("SELECT id, name, note FROM album") {
///     print(row.int("id") ?? 0, row.text("name") ?? "", row.text("note") ?? "no note")
/// }
/// ```
public struct Row: Sendable, Equatable {
    /// The column names, in order.
    public let columns: [String]
    /// The values, in the order of ``columns``.
    public let values: [Statement.Value]

    /// Creates a row.
    public init(columns: [String], values: [Statement.Value]) {
        self.columns = columns
        self.values = values
    }

    /// The value of the first column called `name`; nil when there is no such column.
    public subscript(name: String) -> Statement.Value? {
        columns.firstIndex(of: name).map { values[$0] }
    }

    /// The column as an integer; nil for NULL, a missing column or a value of another type.
    public func int(_ name: String) -> Int? {
        if case .integer(let value)? = self[name] { return Int(value) }
        return nil
    }

    /// The column as a double (an integer column converts); nil for NULL or another type.
    public func double(_ name: String) -> Double? {
        switch self[name] {
        case .real(let value)?: value
        case .integer(let value)?: Double(value)
        default: nil
        }
    }

    /// The column as text; nil for NULL or another type.
    public func text(_ name: String) -> String? {
        if case .text(let value)? = self[name] { return value }
        return nil
    }

    /// The column as bytes; nil for NULL or another type.
    public func blob(_ name: String) -> [UInt8]? {
        if case .blob(let value)? = self[name] { return value }
        return nil
    }
}
