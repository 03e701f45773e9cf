<?php

namespace Shop\Models;

use Shop\Contracts\Repository;
use Shop\Support\{HasTimestamps, Missing as Gone};

abstract class Model implements Repository
{
    use HasTimestamps;

    protected static int $count = 0;

    public function __construct(protected int $id)
    {
        static::$count++;
    }

    public function find(int $id): ?object
    {
        return static::make($id);
    }

    public function save(object $model): void
    {
        $this->touch();
        $this->validate();
    }

    abstract protected function validate(): bool;

    public static function make(int $id): static
    {
        return new static($id);
    }
}
