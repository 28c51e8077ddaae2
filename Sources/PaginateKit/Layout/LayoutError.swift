/// Why a layout could not be made, in words a user can act on.
public enum LayoutError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The page, margins or columns leave no usable area, or a number is not finite.
    case invalidGeometry(String)
    /// A type setting (size, line height, tab width) is out of range.
    case invalidSetting(String)
    /// Not even one line fits into an empty container.
    case containerTooSmall(String)

    /// The message shown to the user.
    public var description: String {
        switch self {
        case .invalidGeometry(let message), .invalidSetting(let message), .containerTooSmall(let message):
            return message
        }
    }
}
