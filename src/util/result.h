// Result<T, E>: a value or the reason there is none. Errors in arbiter are values with a code,
// a place and a message; nothing is thrown across the engine. (g++ 12 has no std::expected.)
#pragma once

#include <cassert>
#include <type_traits>
#include <utility>
#include <variant>

namespace arbiter {

// Wraps an error so that Result<T, E> can be built from it even when T and E are alike.
template <class E>
struct Unexpected {
    E error;
};
template <class E>
Unexpected(E) -> Unexpected<E>;

template <class E>
[[nodiscard]] Unexpected<std::decay_t<E>> fail(E&& error) {
    return {std::forward<E>(error)};
}

template <class T, class E>
class [[nodiscard]] Result {
public:
    Result(const T& value) : storage_(std::in_place_index<0>, value) {}
    Result(T&& value) : storage_(std::in_place_index<0>, std::move(value)) {}
    template <class G>
    Result(Unexpected<G> error) : storage_(std::in_place_index<1>, std::move(error.error)) {}

    bool ok() const noexcept { return storage_.index() == 0; }
    explicit operator bool() const noexcept { return ok(); }

    T& value() & { assert(ok()); return *std::get_if<0>(&storage_); }
    const T& value() const& { assert(ok()); return *std::get_if<0>(&storage_); }
    T&& value() && { assert(ok()); return std::move(*std::get_if<0>(&storage_)); }
    const E& error() const& { assert(!ok()); return *std::get_if<1>(&storage_); }
    E&& error() && { assert(!ok()); return std::move(*std::get_if<1>(&storage_)); }

    T& operator*() & { return value(); }
    const T& operator*() const& { return value(); }
    T* operator->() { return &value(); }
    const T* operator->() const { return &value(); }

private:
    std::variant<T, E> storage_;
};

// Result of an action that has no value, only a possible error.
struct Ok {};

}  // namespace arbiter
