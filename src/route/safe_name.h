// File names for the values of --split-by that every common file system takes (ext4, APFS, NTFS,
// FAT, SMB shares), and no two of which name the same file, not even where case does not count:
//   - ASCII letters, digits, '-', '_' and '.' are kept; every other byte (a space, '/', '\', ':',
//     '*', '?', '"', '<', '>', '|', control bytes, any non-ASCII byte) becomes '_', runs of '_' one;
//   - no leading or trailing '.' or '_' (hidden files, Windows drops trailing dots); empty: "unnamed";
//   - at most kMaxStem bytes before the extension;
//   - a Windows device name (CON, PRN, AUX, NUL, COM1-9, LPT1-9, in any case, also as "nul.x")
//     gets a leading '_';
//   - a name already given to another value (in any case) gets "-2", "-3", ... before the extension.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>
#include <unordered_map>
#include <unordered_set>

namespace arbiter::route {

inline constexpr std::size_t kMaxStem = 64;

// The safe stem of one value (the first six rules above).
std::string safe_stem(std::string_view value);

// Gives each distinct value its own file name: stem + extension, the stems kept apart.
class NameTable {
public:
    explicit NameTable(std::string extension) : extension_(std::move(extension)) {}
    // The file name of `value`; the same value always gets the same name. `fresh` says whether it
    // was given now.
    const std::string& name_of(std::string_view value, bool& fresh);
    std::size_t size() const { return by_value_.size(); }

private:
    std::string extension_;
    std::unordered_map<std::string, std::string> by_value_;
    std::unordered_set<std::string> taken_;  // lower-case names given
};

}  // namespace arbiter::route
