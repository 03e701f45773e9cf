<?php
namespace App\Models;

class Circle extends Shape
{
    private Point $center;

    public function __construct(public float $radius = 1.0)
    {
        $this->center = Point::zero();
    }

    public function area(): float
    {
        return 3.14 * $this->radius ** 2;
    }

    public function name(): string
    {
        return parent::name() . 'circle';
    }

    public function center(): Point
    {
        return $this->center;
    }
}
