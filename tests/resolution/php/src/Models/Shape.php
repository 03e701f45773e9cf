<?php
namespace App\Models;

interface HasArea
{
    public function area(): float;
}

abstract class Shape implements HasArea
{
    use Describes;

    public ?Point $origin = null;

    public function name(): string
    {
        return 'shape';
    }

    public function self(): static
    {
        return $this;
    }
}
