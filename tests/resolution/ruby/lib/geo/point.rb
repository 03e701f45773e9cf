module Geo
  class Point
    attr_reader :x, :y

    def initialize(x, y)
      @x = x
      @y = y
    end

    def dist(other)
      other.x - x
    end
  end
end
