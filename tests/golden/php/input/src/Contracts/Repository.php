<?php

declare(strict_types=1);

namespace Shop\Contracts;

/**
 * Something that stores models.
 */
interface Repository
{
    public const DEFAULT_LIMIT = 50;

    /** Find one record by id. */
    public function find(int $id): ?object;

    public function save(object $model): void;
}

#[\Attribute]
final class Entity
{
    public function __construct(public string $table = '')
    {
    }
}
